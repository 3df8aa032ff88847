/** The sweep worker entry: one SweepRunner behind Comlink; jobs run headlessly, one at a time. */
import * as Comlink from 'comlink';
import { SweepRunner } from './sweep-runner';
import type { SweepJob, SweepProgressSink, SweepWorkerApi } from './protocol';
import { channelYield } from './yield-now';

// Queued messages (a cancel) run before the next slice, with no clamped timeout between (./yield-now.ts).
const yieldNow = channelYield();
const runner = new SweepRunner({
  now: () => performance.now(),
  yieldNow: () => new Promise<void>((resolve) => yieldNow(resolve)),
});

const api: SweepWorkerApi = {
  run: async (job: SweepJob, onProgress: SweepProgressSink) => {
    // Progress is a hint: do not wait for the app to acknowledge each report.
    const sink = onProgress as Comlink.Remote<SweepProgressSink>;
    try {
      return await runner.run(job, (p) => void sink(p));
    } finally {
      sink[Comlink.releaseProxy]();
    }
  },
  cancel: (jobId: number) => runner.cancel(jobId),
};

Comlink.expose(api);
