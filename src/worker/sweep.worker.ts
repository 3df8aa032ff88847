/** The sweep worker entry: one SweepRunner behind Comlink; jobs run headlessly, one at a time. */
import * as Comlink from 'comlink';
import { SweepRunner } from './sweep-runner';
import type { SweepJob, SweepProgressSink, SweepWorkerApi } from './protocol';

// A MessageChannel round trip yields to queued messages without the 4 ms clamp of nested timeouts.
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();

const runner = new SweepRunner({
  now: () => performance.now(),
  yieldNow: () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(0);
    }),
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
