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

/** The 1-2-5 series a log knob that is not in bytes steps through (100M, 200M, 500M, 1G…). */
function series125(v: number, dir: 1 | -1): number {
  const e = Math.floor(Math.log10(v) + 1e-9);
  const candidates: number[] = [];
  for (let k = e - 1; k <= e + 1; k++) for (const m of [1, 2, 5]) candidates.push(m * 10 ** k);
  const next =
    dir > 0
      ? candidates.find((c) => c > v * (1 + 1e-9))
      : [...candidates].reverse().find((c) => c < v * (1 - 1e-9));
  return next ?? v;
}

/**
 * The value an arrow key moves a knob to, by the increment people think in:
 * byte limits by powers of two (128K → 256K), other log knobs along 1-2-5
 * (100M → 200M → 500M), linear knobs by their step (ten steps with `big`,
 * Page Up / Page Down); kept within min and max.
 */
export function stepValue(spec: ParamSpec, v: number, dir: 1 | -1, big = false): number {
  const lo = spec.min ?? -Infinity;
  const hi = spec.max ?? Infinity;
  let next: number;
  if (spec.scale === 'log' && v > 0) {
    const bytes = spec.unit === 'B' || /bytes/i.test(spec.key);
    const times = big ? 3 : 1;
    next = v;
    for (let i = 0; i < times; i++)
      next = bytes
        ? 2 ** (dir > 0 ? Math.floor(Math.log2(next) + 1e-9) + 1 : Math.ceil(Math.log2(next) - 1e-9) - 1)
        : series125(next, dir);
  } else {
    const step = spec.step ?? (spec.kind === 'int' ? 1 : (hi - lo) / 100);
    next = v + dir * step * (big ? 10 : 1);
  }
  const q = spec.kind === 'int' ? Math.round(next) : Number(next.toPrecision(6));
  return Math.min(hi, Math.max(lo, q));
}

/** The keys that step a slider (see stepValue): direction and size, or null for other keys. */
export function stepKey(key: string): { dir: 1 | -1; big: boolean } | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return { dir: 1, big: false };
    case 'ArrowLeft':
    case 'ArrowDown':
      return { dir: -1, big: false };
    case 'PageUp':
      return { dir: 1, big: true };
    case 'PageDown':
      return { dir: -1, big: true };
    default:
      return null;
  }
}
