/**
 * `window.__tsqFlent`, the typed hook the Playwright specs read: the measured
 * run shown, what the overlay last drew of each measured series, the medians
 * side by side, and the last refused file.
 */
import { useExplorer } from '../state/explorer-store';
import { drawnPoints } from './measured-overlay';
import { useMeasured } from './measured-store';
import { medianRows, type MedianRow } from './side-by-side';
import { TEST_FAULTS } from '../../worker/test-faults';

export interface TsqFlentHook {
  measured(): {
    fileName: string;
    label: string;
    test: string;
    lines: { key: string; series: string; panel: string }[];
  } | null;
  /** Points (pings) or vertices (lines) drawn of each measured series, added up over the frames since the page loaded. */
  drawn(): Record<string, number>;
  medians(): MedianRow[];
  error(): string | null;
}

declare global {
  interface Window {
    __tsqFlent?: TsqFlentHook;
  }
}

/** In builds for tests only (VITE_TSQ_TEST_FAULTS=1): a production page exposes no handle on its state. */
export function installFlentHook(): void {
  if (!TEST_FAULTS) return;
  window.__tsqFlent = {
    measured: () => {
      const m = useMeasured.getState().measured;
      if (!m) return null;
      const lines = Object.entries(m.overlay.lines).flatMap(([panel, ls]) =>
        ls.map((l) => ({ key: l.key, series: l.series, panel })),
      );
      return { fileName: m.fileName, label: m.overlay.label, test: m.run.name, lines };
    },
    drawn: () => Object.fromEntries(drawnPoints),
    medians: () => {
      const m = useMeasured.getState().measured;
      return m ? medianRows(m.run, useExplorer.getState().summary) : [];
    },
    error: () => useMeasured.getState().error?.message ?? null,
  };
}
