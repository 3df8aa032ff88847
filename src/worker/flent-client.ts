/**
 * Starts a Flent worker (flent.worker.ts) for one file. Cancel terminates
 * it: a JSON.parse or an inflate step cannot be interrupted, and ending the
 * worker frees at once all it held (up to the reader's cap).
 */
import * as Comlink from 'comlink';
import type { FlentProgressSink, FlentReadResult, FlentWorkerApi } from './protocol';

export interface FlentRead {
  /** The reader's result, or 'cancelled'. */
  result: Promise<FlentReadResult | 'cancelled'>;
  cancel(): void;
}

export function readFlentInWorker(file: Blob, onProgress: FlentProgressSink): FlentRead {
  const worker = new Worker(new URL('./flent.worker.ts', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<FlentWorkerApi>(worker);
  let settle!: (r: FlentReadResult | 'cancelled') => void;
  const result = new Promise<FlentReadResult | 'cancelled'>((resolve) => (settle = resolve));
  // The first to come settles it; the worker then goes (Comlink never settles a call whose worker died).
  const done = (r: FlentReadResult | 'cancelled') => {
    settle(r);
    worker.terminate();
  };
  worker.addEventListener('error', (ev) =>
    done({ ok: false, error: `the Flent reader stopped (${ev.message || 'a worker error'})` }),
  );
  remote
    .read(file, Comlink.proxy(onProgress))
    .then(done, (e: unknown) =>
      done({ ok: false, error: `the Flent reader failed (${(e as Error)?.message ?? String(e)})` }),
    );
  return { result, cancel: () => done('cancelled') };
}
