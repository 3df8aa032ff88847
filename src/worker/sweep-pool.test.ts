import { describe, expect, it } from 'vitest';
import { defaultPoolSize, SweepPool, type SweepWorkerHandle } from './sweep-pool';
import type { SweepJob, SweepJobResult, SweepProgressSink } from './protocol';

/** A fake worker: jobs stay open until the test finishes or fails them. */
class FakeWorker implements SweepWorkerHandle {
  jobs: {
    job: SweepJob;
    onProgress: SweepProgressSink;
    resolve: (r: SweepJobResult) => void;
    reject: (e: Error) => void;
  }[] = [];
  cancels: number[] = [];
  terminated = false;
  run(job: SweepJob, onProgress: SweepProgressSink): Promise<SweepJobResult> {
    return new Promise((resolve, reject) => this.jobs.push({ job, onProgress, resolve, reject }));
  }
  cancel(jobId: number): void {
    this.cancels.push(jobId);
    const j = this.jobs.find((x) => x.job.jobId === jobId);
    j?.resolve({ status: 'cancelled', jobId });
  }
  terminate(): void {
    this.terminated = true;
  }
  finish(i = 0): void {
    const j = this.jobs.splice(i, 1)[0];
    j.resolve({ status: 'error', jobId: j.job.jobId, error: 'fake result' });
  }
}

const spec = (presetId = 'p') => ({ presetId, overrides: {}, seed: 1 });
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

describe('SweepPool', () => {
  it('runs at most `size` jobs at once, in order, reusing workers', async () => {
    const workers: FakeWorker[] = [];
    const pool = new SweepPool(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    }, 2);
    const tickets = [1, 2, 3, 4].map((i) => pool.submit(spec(`p${i}`)));
    expect(workers.length).toBe(2);
    expect(pool.load).toEqual({ queued: 2, running: 2, workers: 2 });
    expect(workers.map((w) => w.jobs[0].job.presetId)).toEqual(['p1', 'p2']);
    workers[1].finish();
    await tickets[1].result;
    await flush();
    expect(workers.length).toBe(2);
    expect(workers[1].jobs[0].job.presetId).toBe('p3');
    workers[0].finish();
    workers[1].finish();
    await flush();
    expect(pool.load.running).toBe(1);
    expect(new Set(tickets.map((t) => t.jobId)).size).toBe(4);
  });

  it('cancels queued jobs at once and running ones through their worker', async () => {
    const w = new FakeWorker();
    const pool = new SweepPool(() => w, 1);
    const a = pool.submit(spec());
    const b = pool.submit(spec());
    b.cancel();
    expect(await b.result).toEqual({ status: 'cancelled', jobId: b.jobId });
    a.cancel();
    expect(w.cancels).toEqual([a.jobId]);
    expect((await a.result).status).toBe('cancelled');
    expect(pool.load).toEqual({ queued: 0, running: 0, workers: 1 });
  });

  it('forwards progress of running jobs only', async () => {
    const w = new FakeWorker();
    const pool = new SweepPool(() => w, 1);
    const seen: number[] = [];
    const t = pool.submit(spec(), (p) => seen.push(p.simulatedNs));
    w.jobs[0].onProgress({ jobId: t.jobId, simulatedNs: 5, endNs: 10 });
    w.finish();
    await t.result;
    w.jobs.length = 0;
    expect(seen).toEqual([5]);
  });

  it('replaces a worker whose job failed, and cancels everything on dispose', async () => {
    const workers: FakeWorker[] = [];
    const pool = new SweepPool(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    }, 1);
    const a = pool.submit(spec());
    const b = pool.submit(spec());
    workers[0].jobs[0].reject(new Error('boom'));
    expect(await a.result).toEqual({ status: 'error', jobId: a.jobId, error: 'boom' });
    expect(workers[0].terminated).toBe(true);
    await flush();
    expect(workers.length).toBe(2);
    pool.dispose();
    expect((await b.result).status).toBe('cancelled');
    expect(workers[1].terminated).toBe(true);
    expect((await pool.submit(spec()).result).status).toBe('cancelled');
  });
});

describe('defaultPoolSize', () => {
  it('leaves one core to the page, and keeps at least one worker', () => {
    const hc = (n: number) =>
      Object.defineProperty(globalThis, 'navigator', {
        value: { hardwareConcurrency: n },
        configurable: true,
      });
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    try {
      hc(2);
      expect(defaultPoolSize()).toBe(1);
      hc(1);
      expect(defaultPoolSize()).toBe(1);
      hc(6);
      expect(defaultPoolSize()).toBe(5);
      hc(64);
      expect(defaultPoolSize()).toBe(8);
    } finally {
      if (saved) Object.defineProperty(globalThis, 'navigator', saved);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
