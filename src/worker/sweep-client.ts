/** Starts one sweep worker (sweep.worker.ts) and adapts its Comlink remote to the pool's handle. */
import * as Comlink from 'comlink';
import type { SweepJobResult, SweepWorkerApi } from './protocol';
import type { SweepWorkerHandle } from './sweep-pool';

export function startSweepWorker(): SweepWorkerHandle {
  const worker = new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<SweepWorkerApi>(worker);
  // Comlink never settles a call whose worker died; a worker error fails the job instead.
  const failures = new Set<(e: Error) => void>();
  worker.addEventListener('error', (ev) => {
    for (const fail of failures) fail(new Error(ev.message || 'the sweep worker stopped'));
    failures.clear();
  });
  return {
    run: (job, onProgress) =>
      new Promise<SweepJobResult>((resolve, reject) => {
        failures.add(reject);
        remote
          .run(job, Comlink.proxy(onProgress))
          .then(resolve, reject)
          .finally(() => failures.delete(reject));
      }),
    cancel: (jobId) => void remote.cancel(jobId),
    terminate: () => worker.terminate(),
  };
}
