/** Starts the simulation worker and wraps it with Comlink. */
import * as Comlink from 'comlink';
import type { WorkerApi } from '../worker/protocol';
import type { WatchdogApi } from '../worker/watchdog';

/** The simulation worker's API plus the watchdog's ping and fault injection (src/worker/watchdog.ts). */
export type WorkerRemote = Comlink.Remote<WorkerApi & WatchdogApi>;

export function startWorker(): { remote: WorkerRemote; worker: Worker } {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
  return { remote: Comlink.wrap<WorkerApi & WatchdogApi>(worker), worker };
}

export { Comlink };
