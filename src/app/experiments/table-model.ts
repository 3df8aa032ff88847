/**
 * A reference experiment's table as the view needs it: the jobs that re-run
 * it, which runs each cell reads, and each cell's simulated value, error and
 * tolerance once those runs are done. Cells are computed here, on the main
 * thread, because a cell may combine several runs (Xen: guest vs NIC).
 */
import type { Summary } from '../../worker/protocol';
import type { SweepJobResult } from '../../worker/protocol';
import {
  findPreset,
  PRESETS,
  withinTolerance,
  type Preset,
  type TableCell,
} from '../../sim/scenario/presets/index';
import type { BatchItem } from '../sweep/batch-store';

export const REFERENCE_PRESETS: Preset[] = PRESETS.filter((p) => p.table);
export const FREE_PLAY_PRESETS: Preset[] = PRESETS.filter((p) => !p.table);

export function referencePreset(id: string | null): Preset | undefined {
  const p = id ? findPreset(id) : undefined;
  return p?.table ? p : undefined;
}

export type CellState = 'pending' | 'filled' | 'failed';

export interface CellView {
  label: string;
  unit: string;
  published: number;
  toleranceText: string;
  runIds: string[];
  state: CellState;
  simulated: number;
  /** Signed error relative to the published value, in %. */
  errorPct: number;
  within: boolean;
  error?: string;
}

/** One job per run of the published table. */
export function tableItems(preset: Preset, seed: number, durationMs: number | undefined): BatchItem[] {
  return (preset.table?.runs ?? []).map((r) => ({
    key: r.id,
    spec: { presetId: preset.id, tableRunId: r.id, overrides: {}, seed, durationMs },
  }));
}

const STATION: Summary['stations'][number] = {
  name: '',
  goodputBps: 1,
  medianPingMs: 1,
  medianAggregate: 1,
  medianAvgAmpduLen: 1,
  airtimeShare: 1,
};
const PROBE: Summary = {
  simulatedNs: 1,
  goodputBps: 1,
  medianLatencyMs: 1,
  medianAggregate: 1,
  tsqLimitBytes: 1,
  forwarded: false,
  cpuBusy: 1,
  medianCompletionUs: 1,
  throttledFraction: 1,
  drops: 1,
  stations: Array.from({ length: 16 }, () => STATION),
  flows: [],
  qdiscs: [],
  flowShares: [],
  bound: '',
  events: 1,
};

/** The runs a cell reads, found by letting it read a recording stand-in; all runs if that fails. */
export function runsOfCell(cell: TableCell, runIds: readonly string[]): string[] {
  const used: string[] = [];
  const runs = new Proxy({} as Record<string, Summary>, {
    get: (_t, k) => {
      if (typeof k === 'string' && !used.includes(k)) used.push(k);
      return PROBE;
    },
  });
  try {
    cell.simulated(runs);
  } catch {
    return [...runIds];
  }
  const known = used.filter((k) => runIds.includes(k));
  return known.length ? known : [...runIds];
}

export function toleranceText(cell: TableCell): string {
  if (cell.tolerance.abs !== undefined) return `±${cell.tolerance.abs} ${cell.unit}`;
  return `±${Math.round((cell.tolerance.rel ?? 0.1) * 100)} %`;
}

/** The summaries of finished runs, by run id. */
export function doneSummaries(results: Record<string, SweepJobResult>): Record<string, Summary> {
  const out: Record<string, Summary> = {};
  for (const [k, r] of Object.entries(results)) if (r.status === 'done') out[k] = r.summary;
  return out;
}

export function cellViews(preset: Preset, results: Record<string, SweepJobResult>): CellView[] {
  const table = preset.table;
  if (!table) return [];
  const runIds = table.runs.map((r) => r.id);
  const summaries = doneSummaries(results);
  return table.cells.map((cell) => {
    const needs = runsOfCell(cell, runIds);
    const base: CellView = {
      label: cell.label,
      unit: cell.unit,
      published: cell.published,
      toleranceText: toleranceText(cell),
      runIds: needs,
      state: 'pending',
      simulated: NaN,
      errorPct: NaN,
      within: false,
    };
    const failed = needs.map((id) => results[id]).find((r) => r && r.status !== 'done');
    if (failed)
      return { ...base, state: 'failed', error: failed.status === 'error' ? failed.error : 'cancelled' };
    if (!needs.every((id) => summaries[id])) return base;
    let v: number;
    try {
      v = cell.simulated(summaries);
    } catch (e) {
      return { ...base, state: 'failed', error: e instanceof Error ? e.message : String(e) };
    }
    // A NaN (no ping reply within a short run, say) is shown as such and counts as out of tolerance.
    return {
      ...base,
      state: 'filled',
      simulated: v,
      errorPct: cell.published !== 0 ? ((v - cell.published) / Math.abs(cell.published)) * 100 : NaN,
      within: Number.isFinite(v) && withinTolerance(cell, v),
    };
  });
}
