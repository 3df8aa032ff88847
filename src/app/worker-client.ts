/** Starts the simulation worker and wraps it with Comlink. */
import * as Comlink from 'comlink';
import type { WorkerApi } from '../worker/protocol';
import type { FaultApi, WatchdogApi } from '../worker/watchdog';

/**
 * The simulation worker's API plus the watchdog's ping and, in builds for
 * tests only, its fault injection (src/worker/watchdog.ts, test-faults.ts).
 */
export type WorkerRemote = Comlink.Remote<WorkerApi & WatchdogApi & FaultApi>;

export function startWorker(): { remote: WorkerRemote; worker: Worker } {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' });
  return { remote: Comlink.wrap<WorkerApi & WatchdogApi & FaultApi>(worker), worker };
}

export { Comlink };
