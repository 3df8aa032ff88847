/**
 * Maps a numeric ParamSpec onto an <input type="range">: linear knobs use
 * their own min/max/step; log knobs (e.g. tcp_limit_output_bytes from 1K to
 * 64M) use 0..1000 positions spread evenly in log space.
 */
import type { ParamSpec } from '../../worker/protocol';

export interface SliderModel {
  min: number;
  max: number;
  step: number;
  toPos(v: number): number;
  fromPos(p: number): number;
  /** Position of a value as a percentage of the track, clamped to 0..100. */
  percent(v: number): number;
}

export const LOG_POSITIONS = 1000;

/** Rounds to the knob's step (from min) or to an integer for int knobs. */
export function quantize(spec: ParamSpec, v: number): number {
  let q = v;
  if (spec.step && spec.step > 0)
    q = (spec.min ?? 0) + Math.round((v - (spec.min ?? 0)) / spec.step) * spec.step;
  if (spec.kind === 'int') q = Math.round(q);
  else q = Number(q.toPrecision(6));
  if (spec.min !== undefined) q = Math.max(spec.min, q);
  if (spec.max !== undefined) q = Math.min(spec.max, q);
  return q;
}

/** null when the knob has no finite range (it then gets a number field only). */
export function sliderModel(spec: ParamSpec): SliderModel | null {
  const { min, max } = spec;
  if (spec.kind !== 'int' && spec.kind !== 'float') return null;
  if (min === undefined || max === undefined || !(max > min)) return null;
  if (spec.scale === 'log' && min > 0) {
    const l0 = Math.log(min);
    const span = Math.log(max) - l0;
    const toPos = (v: number) => ((Math.log(Math.max(min, Math.min(max, v))) - l0) / span) * LOG_POSITIONS;
    return {
      min: 0,
      max: LOG_POSITIONS,
      step: 1,
      toPos,
      fromPos: (p) => quantize(spec, Math.exp(l0 + (p / LOG_POSITIONS) * span)),
      percent: (v) => toPos(v) / (LOG_POSITIONS / 100),
    };
  }
  const step = spec.step ?? (spec.kind === 'int' ? 1 : (max - min) / 1000);
  return {
    min,
    max,
    step,
    toPos: (v) => Math.max(min, Math.min(max, v)),
    fromPos: (p) => quantize(spec, p),
    percent: (v) => ((Math.max(min, Math.min(max, v)) - min) / (max - min)) * 100,
  };
}
