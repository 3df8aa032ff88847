/**
 * Batches of sweep jobs (a reference table, a parameter sweep), by name, in a
 * Zustand store: results as they arrive and the progress of running jobs.
 * One batch per name; starting it again cancels the previous one.
 */
import { create } from 'zustand';
import type { SweepJobResult } from '../../worker/protocol';
import type { SweepJobSpec, SweepPool, SweepTicket } from '../../worker/sweep-pool';
import { getSweepPool } from './pool';

export interface BatchItem {
  key: string;
  spec: SweepJobSpec;
}

export type BatchStatus = 'running' | 'done' | 'cancelled';

export interface Batch {
  id: number;
  items: BatchItem[];
  results: Record<string, SweepJobResult>;
  /** Fraction of simulated time done, per running item. */
  progress: Record<string, number>;
  status: BatchStatus;
  startedMs: number;
  endedMs: number | null;
}

export const useBatches = create<{ batches: Record<string, Batch> }>(() => ({ batches: {} }));

const tickets = new Map<string, SweepTicket[]>();
let nextId = 1;

function update(name: string, id: number, f: (b: Batch) => Partial<Batch> | null): void {
  useBatches.setState((s) => {
    const b = s.batches[name];
    // Reports of a cancelled or replaced batch are dropped: its progress stops where it was.
    if (!b || b.id !== id || b.status !== 'running') return s;
    const p = f(b);
    return p ? { batches: { ...s.batches, [name]: { ...b, ...p } } } : s;
  });
}

export function startBatch(name: string, items: BatchItem[], pool: SweepPool = getSweepPool()): void {
  cancelBatch(name);
  const id = nextId++;
  const batch: Batch = {
    id,
    items,
    results: {},
    progress: {},
    status: 'running',
    startedMs: performance.now(),
    endedMs: null,
  };
  useBatches.setState((s) => ({ batches: { ...s.batches, [name]: batch } }));
  const own: SweepTicket[] = [];
  tickets.set(name, own);
  for (const it of items) {
    const t = pool.submit(it.spec, (p) =>
      update(name, id, (b) => ({
        progress: { ...b.progress, [it.key]: p.endNs > 0 ? p.simulatedNs / p.endNs : 0 },
      })),
    );
    own.push(t);
    void t.result.then((r) =>
      update(name, id, (b) => {
        const results = { ...b.results, [it.key]: r };
        const progress = { ...b.progress };
        delete progress[it.key];
        const done = b.items.every((x) => results[x.key]);
        return {
          results,
          progress,
          ...(done ? { status: 'done' as const, endedMs: performance.now() } : {}),
        };
      }),
    );
  }
  if (!items.length) update(name, id, () => ({ status: 'done', endedMs: performance.now() }));
}

export function cancelBatch(name: string): void {
  const own = tickets.get(name);
  tickets.delete(name);
  useBatches.setState((s) => {
    const b = s.batches[name];
    if (!b || b.status !== 'running') return s;
    return { batches: { ...s.batches, [name]: { ...b, status: 'cancelled', endedMs: performance.now() } } };
  });
  own?.forEach((t) => t.cancel());
}

/** Items finished (done, failed or cancelled) and the overall fraction, counting partial runs. */
export function batchProgress(b: Batch | undefined): { finished: number; total: number; fraction: number } {
  if (!b) return { finished: 0, total: 0, fraction: 0 };
  const finished = Object.keys(b.results).length;
  const partial = Object.values(b.progress).reduce((a, f) => a + Math.min(1, Math.max(0, f)), 0);
  const total = b.items.length;
  return { finished, total, fraction: total ? (finished + partial) / total : 0 };
}
