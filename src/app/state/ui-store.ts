/** UI preferences (Zustand, persisted in localStorage): theme, visible panels, speed. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Panel } from '../../worker/protocol';
import { AS_FAST_AS_POSSIBLE, REAL_TIME } from '../../worker/protocol';

export type ThemeChoice = 'light' | 'dark' | null;

export interface SpeedOption {
  id: string;
  label: string;
  /** Simulated ns per wall-clock second. */
  simNsPerSec: number;
}

export const SPEEDS: SpeedOption[] = [
  { id: '0.01', label: '0.01× (slow motion)', simNsPerSec: 0.01 * REAL_TIME },
  { id: '0.1', label: '0.1×', simNsPerSec: 0.1 * REAL_TIME },
  { id: '0.25', label: '0.25×', simNsPerSec: 0.25 * REAL_TIME },
  { id: '1', label: '1× (real time)', simNsPerSec: REAL_TIME },
  { id: '4', label: '4×', simNsPerSec: 4 * REAL_TIME },
  { id: 'max', label: 'as fast as possible', simNsPerSec: AS_FAST_AS_POSSIBLE },
];

/** The speeds as choices of a select. */
export const SPEED_CHOICES = SPEEDS.map((s) => ({ value: s.id, label: s.label }));

export const speedOf = (id: string): number => (SPEEDS.find((s) => s.id === id) ?? SPEEDS[3]).simNsPerSec;

export interface UiState {
  /** null: follow prefers-color-scheme. */
  theme: ThemeChoice;
  hiddenPanels: Panel[];
  /** Series switched off in the legends (e.g. the socket backlog, to see the small queues below it). */
  hiddenSeries: string[];
  /** Panels whose y axis is on a log scale (those that offer one: Track.logY). */
  logPanels: Panel[];
  speedId: string;
  setTheme(t: ThemeChoice): void;
  toggleLog(p: Panel): void;
  togglePanel(p: Panel): void;
  toggleSeries(key: string): void;
  setSpeedId(id: string): void;
}

export const useUi = create<UiState>()(
  persist(
    (set) => ({
      theme: null,
      hiddenPanels: [],
      hiddenSeries: [],
      logPanels: [],
      speedId: '1',
      setTheme: (theme) => set({ theme }),
      togglePanel: (p) =>
        set((s) => ({
          hiddenPanels: s.hiddenPanels.includes(p)
            ? s.hiddenPanels.filter((x) => x !== p)
            : [...s.hiddenPanels, p],
        })),
      toggleSeries: (k) =>
        set((s) => ({
          hiddenSeries: s.hiddenSeries.includes(k)
            ? s.hiddenSeries.filter((x) => x !== k)
            : [...s.hiddenSeries, k],
        })),
      toggleLog: (p) =>
        set((s) => ({
          logPanels: s.logPanels.includes(p) ? s.logPanels.filter((x) => x !== p) : [...s.logPanels, p],
        })),
      setSpeedId: (speedId) => set({ speedId }),
    }),
    { name: 'tsq-lab-ui', version: 1 },
  ),
);
