/**
 * The measured Flent run laid over the explorer (one at a time): the file as
 * read, what the timelines draw of it, the scenario it proposes, and the
 * message of the last file that could not be read. A refused file leaves
 * the measurement shown before, and the run, as they were.
 */
import { create } from 'zustand';
import type { FlentRun } from '../../flent/index';
import { proposeScenario, type Proposal } from '../../flent/propose';
import { measuredOverlay, type MeasuredOverlay } from './measured-data';
import { drawnPoints } from './measured-overlay';

export interface Measured {
  fileName: string;
  run: FlentRun;
  overlay: MeasuredOverlay;
  proposal: Proposal;
}

export interface MeasuredState {
  measured: Measured | null;
  /** The last file refused: its name and what is wrong with it. */
  error: { fileName: string; message: string } | null;
  show(fileName: string, run: FlentRun): void;
  refuse(fileName: string, message: string): void;
  clear(): void;
}

export const useMeasured = create<MeasuredState>((set) => ({
  measured: null,
  error: null,
  show: (fileName, run) => {
    drawnPoints.clear();
    set({
      measured: { fileName, run, overlay: measuredOverlay(run), proposal: proposeScenario(run) },
      error: null,
    });
  },
  refuse: (fileName, message) => set({ error: { fileName, message } }),
  clear: () => set({ measured: null, error: null }),
}));
