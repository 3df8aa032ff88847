import { describe, expect, it } from 'vitest';
import { SweepPool, type SweepWorkerHandle } from '../../worker/sweep-pool';
import type { SweepJob, SweepJobResult, SweepProgressSink } from '../../worker/protocol';
import { done } from '../experiments/test-summaries';
import { batchProgress, cancelBatch, startBatch, useBatches } from './batch-store';

/** A fake worker whose jobs the test finishes by hand. */
class Fake implements SweepWorkerHandle {
  jobs: { job: SweepJob; progress: SweepProgressSink; resolve: (r: SweepJobResult) => void }[] = [];
  run(job: SweepJob, progress: SweepProgressSink) {
    return new Promise<SweepJobResult>((resolve) => this.jobs.push({ job, progress, resolve }));
  }
  cancel(jobId: number) {
    this.jobs.find((j) => j.job.jobId === jobId)?.resolve({ status: 'cancelled', jobId });
  }
  terminate() {}
}

const flush = () => new Promise<void>((r) => setTimeout(r, 0));
const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ key: `r${i}`, spec: { presetId: 'p', overrides: {}, seed: 1 } }));

describe('batch store', () => {
  it('collects progress and results until every item is done', async () => {
    const w = new Fake();
    const pool = new SweepPool(() => w, 1);
    startBatch('t1', items(2), pool);
    const get = () => useBatches.getState().batches.t1;
    expect(get().status).toBe('running');
    w.jobs[0].progress({ jobId: w.jobs[0].job.jobId, simulatedNs: 5, endNs: 10 });
    expect(batchProgress(get())).toEqual({ finished: 0, total: 2, fraction: 0.25 });
    w.jobs.shift()!.resolve(done());
    await flush();
    expect(batchProgress(get())).toEqual({ finished: 1, total: 2, fraction: 0.5 });
    w.jobs.shift()!.resolve(done());
    await flush();
    expect(get().status).toBe('done');
    expect(Object.keys(get().results)).toEqual(['r0', 'r1']);
  });

  it('freezes a cancelled batch: later reports are dropped', async () => {
    const w = new Fake();
    const pool = new SweepPool(() => w, 1);
    startBatch('t2', items(3), pool);
    const first = w.jobs[0];
    first.progress({ jobId: first.job.jobId, simulatedNs: 3, endNs: 10 });
    const before = batchProgress(useBatches.getState().batches.t2);
    cancelBatch('t2');
    first.progress({ jobId: first.job.jobId, simulatedNs: 9, endNs: 10 });
    await flush();
    const b = useBatches.getState().batches.t2;
    expect(b.status).toBe('cancelled');
    expect(batchProgress(b)).toEqual(before);
    expect(pool.load).toEqual({ queued: 0, running: 0, workers: 1 });
  });
});
