/**
 * A pool of worker threads, one per core (os.availableParallelism()), that
 * runs independent scenarios in parallel: the points of a sweep and the runs
 * of a reference table. Every run builds its own model from its own seed, so
 * the results are the same as running them one after another in this thread.
 *
 * This module is also the workers' entry point: loaded in a worker thread it
 * waits for jobs instead of exporting a pool. Run from source the workers load
 * it as it is; bundled (scripts/build-cli.mjs), they load the worker bundle
 * that sits beside the CLI's (dist-cli/tsq-lab-worker.cjs, made of ./pool-worker.ts).
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { Summary } from '../sim/api';
import { fillCells, runScenario, type TableResult } from '../sim/run';
import { boundHeap } from './heap-bound';
import type { Preset } from '../sim/scenario/presets/index';
import { tableRunSeed } from '../sim/scenario/presets/preset';
import type { Scenario } from '../sim/scenario/scenario';
import { applyOverrides } from '../sim/scenario/validate';

export interface PoolJob {
  scenario: Scenario;
  seed: number;
  durationMs: number;
}

interface JobMessage extends PoolJob {
  id: number;
}

type ResultMessage = { id: number; ok: true; summary: Summary } | { id: number; ok: false; error: string };

interface Pending {
  job: JobMessage;
  resolve: (s: Summary) => void;
  reject: (e: Error) => void;
}

/**
 * Starts a worker thread on a module. Run from source (tsx, Vitest), the
 * worker first registers tsx's require hook on its own thread (loader hooks
 * of the main thread do not reach worker threads); the require hook loads the
 * core in about half the time of the ESM loader, which runs on a thread of
 * its own in every worker.
 */
export function startModuleWorker(moduleUrl: string): Worker {
  if (!moduleUrl.endsWith('.ts')) return new Worker(new URL(moduleUrl));
  const api = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(api)}).register(); require(${JSON.stringify(fileURLToPath(moduleUrl))});`;
  return new Worker(code, { eval: true });
}

/** This module, from source; the worker bundle beside the bundle this module is part of. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? import.meta.url
  : new URL('./tsq-lab-worker.cjs', import.meta.url).href;

/**
 * The young generation of the workers, MB per semi-space. The CLI keeps a
 * single run's small (./v8-flags.ts: `--semi-space-growth-factor=1`, for its
 * peak RSS); a worker runs point after point, whose packets die young, and
 * with the 1 MB it would inherit it spends about 13 % of its CPU in 50
 * scavenges per 20 s WiFi run. V8 reads the size when a worker's isolate is
 * made, so setting it here, before the workers start, leaves the main
 * thread's heap as it was. Measured on the 16-point sweeps of `npm run bench
 * -- --vs-ns3` (6 and 4 paired runs): 4 MB takes the WiFi sweep's wall time
 * down 5.4 % and the wired sweep's 5.0 %, for 13–15 MB more peak RSS; 16 MB
 * gains less (3 %) for 61 MB.
 */
const WORKER_SEMI_SPACE_MB = 4;

export class SimPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;
  readonly size: number;

  constructor(size = availableParallelism()) {
    setFlagsFromString(`--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
    this.size = Math.max(1, Math.floor(size));
    for (let i = 0; i < this.size; i++) this.idle.push(this.spawn());
  }

  private spawn(): Worker {
    const w = startModuleWorker(WORKER_URL);
    w.on('message', (m: ResultMessage) => this.settle(w, m));
    w.on('error', (e) => this.fail(w, e));
    // A worker that exits while busy (out of memory, killed) fails its job.
    w.on('exit', (code) => {
      if (this.busy.has(w)) this.fail(w, new Error(`pool worker exited with code ${code}`));
    });
    w.unref();
    return w;
  }

  /** Runs one scenario on the next free worker. */
  run(job: PoolJob): Promise<Summary> {
    if (this.closed) return Promise.reject(new Error('pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  /** Runs every job, in parallel up to the pool size; results in job order. */
  runAll(jobs: PoolJob[]): Promise<Summary[]> {
    return Promise.all(jobs.map((j) => this.run(j)));
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const w = this.idle.pop()!;
      const p = this.queue.shift()!;
      this.busy.set(w, p);
      w.ref();
      w.postMessage(p.job);
    }
  }

  private settle(w: Worker, m: ResultMessage): void {
    const p = this.busy.get(w);
    if (!p || p.job.id !== m.id) return;
    this.busy.delete(w);
    w.unref();
    this.idle.push(w);
    if (m.ok) p.resolve(m.summary);
    else p.reject(new Error(m.error));
    this.pump();
  }

  private fail(w: Worker, e: Error): void {
    const p = this.busy.get(w);
    this.busy.delete(w);
    void w.terminate();
    if (p) p.reject(e);
    if (!this.closed) {
      this.idle.push(this.spawn());
      this.pump();
    }
  }
}

/** runTable (src/sim/run.ts) with the runs spread over the pool: the same cells, sooner. */
export async function runTableParallel(
  pool: SimPool,
  preset: Preset,
  seed: number,
  opts: { durationMs?: number; set?: Record<string, string | number | boolean | null> } = {},
): Promise<TableResult> {
  const table = preset.table;
  if (!table) throw new Error(`preset ${preset.id} has no published table`);
  const base = applyOverrides(preset.scenario(), opts.set ?? {});
  const scs = table.runs.map((r) => applyOverrides(base, r.set));
  const sums = await pool.runAll(
    scs.map((sc, i) => ({
      scenario: sc,
      seed: tableRunSeed(table.runs[i], seed),
      durationMs: opts.durationMs ?? sc.durationMs,
    })),
  );
  const runs: Record<string, Summary> = {};
  table.runs.forEach((r, i) => (runs[r.id] = sums[i]));
  return { preset: preset.id, cells: fillCells(table.cells, runs), runs };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (job: JobMessage) => {
    let reply: ResultMessage;
    try {
      reply = {
        id: job.id,
        ok: true,
        summary: runScenario(job.scenario, job.seed, job.durationMs, boundHeap).summary,
      };
    } catch (e) {
      reply = { id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
  });
}
