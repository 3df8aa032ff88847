/**
 * The measured Flent run laid over the explorer (one at a time): the file as
 * read, what the timelines draw of it, the scenario it proposes, and the
 * message of the last file that could not be read. A refused file leaves
 * the measurement shown before, and the run, as they were. While a file
 * loads, `loading` says how far it is.
 */
import { create } from 'zustand';
import type { FlentRun } from '../../flent/index';
import type { FlentReadProgress } from '../../worker/protocol';
import { proposeScenario, type Proposal } from '../../flent/propose';
import { measuredOverlay, type MeasuredOverlay } from './measured-data';
import { drawnPoints } from './measured-overlay';

export interface Measured {
  fileName: string;
  run: FlentRun;
  overlay: MeasuredOverlay;
  proposal: Proposal;
}

/** A file being read (in the Flent worker): its name and how far. */
export interface MeasuredLoading extends FlentReadProgress {
  fileName: string;
}

export interface MeasuredState {
  measured: Measured | null;
  loading: MeasuredLoading | null;
  /** The last file refused: its name and what is wrong with it. */
  error: { fileName: string; message: string } | null;
  show(fileName: string, run: FlentRun): void;
  refuse(fileName: string, message: string): void;
  progress(loading: MeasuredLoading | null): void;
  clear(): void;
}

export const useMeasured = create<MeasuredState>((set) => ({
  measured: null,
  loading: null,
  error: null,
  show: (fileName, run) => {
    drawnPoints.clear();
    set({
      measured: { fileName, run, overlay: measuredOverlay(run), proposal: proposeScenario(run) },
      error: null,
    });
  },
  refuse: (fileName, message) => set({ error: { fileName, message } }),
  progress: (loading) => set({ loading }),
  clear: () => set({ measured: null, error: null }),
}));
