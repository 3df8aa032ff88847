/**
 * A small pool of sweep workers on the app side: jobs queue in order and run
 * one per worker, as many at once as the machine has cores to spare. Workers
 * start on first use and stay for later sweeps. The worker factory is
 * injected, so the pool runs under Vitest with fake workers.
 */
import type { SweepJob, SweepJobResult, SweepProgress, SweepProgressSink } from './protocol';

/** One worker as the pool sees it. */
export interface SweepWorkerHandle {
  run(job: SweepJob, onProgress: SweepProgressSink): Promise<SweepJobResult>;
  cancel(jobId: number): void;
  terminate(): void;
}

export type SweepJobSpec = Omit<SweepJob, 'jobId'>;

export interface SweepTicket {
  jobId: number;
  result: Promise<SweepJobResult>;
  cancel(): void;
}

interface Pending {
  job: SweepJob;
  onProgress: (p: SweepProgress) => void;
  resolve: (r: SweepJobResult) => void;
}

/**
 * One worker per core but one, which the page keeps for input and drawing
 * (measured on 2 cores: a sweep on both cores doubled the 95th-percentile
 * frame gap for no shorter sweep); at least one, at most 8.
 */
export function defaultPoolSize(): number {
  const n = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, Math.min(8, Math.floor(n) - 1));
}

export class SweepPool {
  private readonly idle: SweepWorkerHandle[] = [];
  private workers = 0;
  private readonly queue: Pending[] = [];
  private readonly running = new Map<number, { handle: SweepWorkerHandle; pending: Pending }>();
  private nextJobId = 1;
  private disposed = false;

  constructor(
    private readonly factory: () => SweepWorkerHandle,
    readonly size = defaultPoolSize(),
  ) {}

  submit(spec: SweepJobSpec, onProgress: (p: SweepProgress) => void = () => {}): SweepTicket {
    const job: SweepJob = { ...spec, jobId: this.nextJobId++ };
    let resolve!: (r: SweepJobResult) => void;
    const result = new Promise<SweepJobResult>((r) => (resolve = r));
    if (this.disposed) resolve({ status: 'cancelled', jobId: job.jobId });
    else {
      this.queue.push({ job, onProgress, resolve });
      this.pump();
    }
    return { jobId: job.jobId, result, cancel: () => this.cancel(job.jobId) };
  }

  /** A queued job resolves as cancelled at once; a running one at its worker's next slice. */
  cancel(jobId: number): void {
    const i = this.queue.findIndex((p) => p.job.jobId === jobId);
    if (i >= 0) {
      const [p] = this.queue.splice(i, 1);
      p.resolve({ status: 'cancelled', jobId });
      return;
    }
    this.running.get(jobId)?.handle.cancel(jobId);
  }

  /** Jobs waiting and running. */
  get load(): { queued: number; running: number; workers: number } {
    return { queued: this.queue.length, running: this.running.size, workers: this.workers };
  }

  dispose(): void {
    this.disposed = true;
    for (const p of this.queue.splice(0)) p.resolve({ status: 'cancelled', jobId: p.job.jobId });
    for (const [jobId, r] of this.running) {
      r.handle.terminate();
      r.pending.resolve({ status: 'cancelled', jobId });
    }
    this.running.clear();
    for (const h of this.idle.splice(0)) h.terminate();
    this.workers = 0;
  }

  private pump(): void {
    while (!this.disposed && this.queue.length && (this.idle.length || this.workers < this.size)) {
      let handle = this.idle.pop();
      if (!handle) {
        handle = this.factory();
        this.workers++;
      }
      this.start(handle, this.queue.shift()!);
    }
  }

  private start(handle: SweepWorkerHandle, p: Pending): void {
    const { jobId } = p.job;
    this.running.set(jobId, { handle, pending: p });
    const finish = (r: SweepJobResult, healthy: boolean) => {
      if (!this.running.delete(jobId)) return; // disposed meanwhile
      if (healthy) this.idle.push(handle);
      else {
        // A worker that threw is not trusted with the next job.
        handle.terminate();
        this.workers--;
      }
      p.resolve(r);
      this.pump();
    };
    handle
      .run(p.job, (x) => this.running.has(jobId) && p.onProgress(x))
      .then(
        (r) => finish(r, true),
        (e: unknown) =>
          finish({ status: 'error', jobId, error: e instanceof Error ? e.message : String(e) }, false),
      );
  }
}
