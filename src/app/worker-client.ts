/** Starts the simulation worker and wraps it with Comlink. */
import * as Comlink from 'comlink';
import type { WorkerApi } from '../worker/protocol';

export type WorkerRemote = Comlink.Remote<WorkerApi>;

export function startWorker(): { remote: WorkerRemote; worker: Worker } {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
  return { remote: Comlink.wrap<WorkerApi>(worker), worker };
}

export { Comlink };
