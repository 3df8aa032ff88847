/** What the A/B view renders outside the charts: setup, phase, and per side its clock, series and summary. */
import { create } from 'zustand';
import type { ParamValue, PointStreams, SeriesSpec, Summary } from '../../worker/protocol';

/** One parameter that differs between the sides. */
export interface AbDiff {
  key: string;
  label: string;
  unit?: string;
  a: ParamValue;
  b: ParamValue;
}

export interface AbSetup {
  presetId: string;
  /** The explorer's values both sides start from. */
  base: Record<string, ParamValue>;
  /** What A and B set on top of `base` (one parameter or several). */
  diffs: AbDiff[];
  seed: number;
}

/** A side's overrides: the base with that side's values. */
export function sideOverrides(s: AbSetup, side: 0 | 1): Record<string, ParamValue> {
  const out = { ...s.base };
  for (const d of s.diffs) out[d.key] = side === 0 ? d.a : d.b;
  return out;
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
