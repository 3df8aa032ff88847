/**
 * The simulation worker's health as the UI shows it (Zustand): the last
 * failure, whether the worker is being restarted or has been given up on,
 * and what the restart restored. Written by the SimController's supervisor.
 */
import { create } from 'zustand';
import type { WorkerFailure } from '../worker-supervisor';

export interface WorkerHealth {
  state: 'ok' | 'recovering' | 'recovered' | 'failed';
  failure: WorkerFailure | null;
  /** What the fresh worker runs (preset, seed), or why a change was not applied again. */
  detail: string | null;
  restarts: number;
  patch(p: Partial<Omit<WorkerHealth, 'patch'>>): void;
}

export const useWorkerHealth = create<WorkerHealth>((set) => ({
  state: 'ok',
  failure: null,
  detail: null,
  restarts: 0,
  patch: (p) => set(p),
}));
