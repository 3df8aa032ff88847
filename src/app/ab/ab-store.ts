/** What the A/B view renders outside the charts: setup, phase, and per side its clock, series and summary. */
import { create } from 'zustand';
import type { ParamValue, PointStreams, SeriesSpec, Summary } from '../../worker/protocol';

export interface AbSetup {
  presetId: string;
  /** The explorer's values both sides start from. */
  base: Record<string, ParamValue>;
  key: string;
  label: string;
  unit?: string;
  a: ParamValue;
  b: ParamValue;
  seed: number;
}

export type AbPhase = 'idle' | 'loading' | 'running' | 'paused' | 'error';

export interface AbSideView {
  nowNs: number;
  series: SeriesSpec[];
  points: PointStreams;
  summary: Summary | null;
}

export interface AbState {
  phase: AbPhase;
  error: string | null;
  setup: AbSetup | null;
  speedId: string;
  sides: [AbSideView, AbSideView];
}

const EMPTY: AbSideView = { nowNs: 0, series: [], points: { agg: false, ping: false }, summary: null };

export const useAb = create<AbState>(() => ({
  phase: 'idle',
  error: null,
  setup: null,
  speedId: '1',
  sides: [EMPTY, EMPTY],
}));

export function patchSide(i: 0 | 1, p: Partial<AbSideView>): void {
  useAb.setState((s) => {
    const sides: [AbSideView, AbSideView] = [s.sides[0], s.sides[1]];
    sides[i] = { ...sides[i], ...p };
    return { sides };
  });
}
