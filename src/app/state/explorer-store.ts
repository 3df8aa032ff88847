/**
 * What the explorer shows outside the charts (Zustand): presets, the loaded
 * scenario's knobs and their values, run status, the latest summary.
 * Chart samples never go through here (see charts/series-buffer.ts).
 */
import { create } from 'zustand';
import type {
  ParamSpec,
  ParamValue,
  PointStreams,
  PresetInfo,
  RunScript,
  RunStatus,
  SeriesSpec,
  Summary,
} from '../../worker/protocol';

export interface ExplorerState {
  /** A preset is loaded and its first frame has arrived. */
  ready: boolean;
  presets: PresetInfo[];
  presetId: string;
  params: ParamSpec[];
  series: SeriesSpec[];
  /** Point streams the run will produce: their tracks are laid out before the first point. */
  points: PointStreams;
  /** Values as the user set them (kept when the core rejects one, with the error beside it). */
  values: Record<string, ParamValue>;
  paramErrors: Record<string, string>;
  /** Values set on top of the preset (load overrides plus accepted changes), as the worker holds them. */
  overrides: Record<string, ParamValue>;
  /** What replays the run: the overrides it started from and its knob changes, as the worker reports them. */
  script: RunScript;
  /** Knob values of a preset without overrides (for links that list only what differs). */
  presetDefaults: { presetId: string; values: Record<string, ParamValue> } | null;
  status: RunStatus;
  seed: number;
  summary: Summary | null;
  error: string | null;
  patch(p: Partial<Omit<ExplorerState, 'patch'>>): void;
}

export const INITIAL_STATUS: RunStatus = {
  running: false,
  nowNs: 0,
  speed: 1e9,
  achievedSpeed: 0,
  eventsPerSec: 0,
  runId: -1,
  presetId: '',
  seed: 1,
};

export const useExplorer = create<ExplorerState>((set) => ({
  ready: false,
  presets: [],
  presetId: '',
  params: [],
  series: [],
  points: { agg: false, ping: false },
  values: {},
  paramErrors: {},
  overrides: {},
  script: { overrides: {}, changes: [] },
  presetDefaults: null,
  status: INITIAL_STATUS,
  seed: 1,
  summary: null,
  error: null,
  patch: (p) => set(p),
}));
