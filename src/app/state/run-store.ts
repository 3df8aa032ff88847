/** Run state shared by panels (Zustand). Chart data stays outside React renders. */
import { create } from 'zustand';

export interface RunState {
  running: boolean;
  nowNs: number;
  error: string | null;
  set(p: Partial<Omit<RunState, 'set'>>): void;
}

export const useRun = create<RunState>((set) => ({
  running: false,
  nowNs: 0,
  error: null,
  set: (p) => set(p),
}));
