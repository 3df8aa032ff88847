/** Reading A/B values from their inputs, and a sensible B to start from. */
import type { ParamSpec, ParamValue } from '../../worker/protocol';
import { fieldText, parseField } from '../controls/param-field';

/** The typed value of an input's text (128K, 1G as --set reads them), or null when it is not a valid value of the knob. */
export function parseValue(spec: ParamSpec, text: string): ParamValue | null {
  if (spec.kind === 'enum') return spec.options?.find((o) => String(o.value) === text)?.value ?? null;
  if (spec.kind === 'bool') return text === 'true' ? true : text === 'false' ? false : null;
  const v = parseField(spec.key, text);
  if (v === null) return null;
  if (spec.kind === 'int' && !Number.isInteger(v)) return null;
  if ((spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max)) return null;
  return v;
}

/**
 * A value for B that differs from A: another option, the other boolean, two
 * steps down for small integer knobs (shift 10 → 8), else a neighbouring
 * tick, or double / half.
 */
export function alternativeValue(spec: ParamSpec, current: ParamValue | undefined): ParamValue {
  if (spec.kind === 'enum') return spec.options?.find((o) => o.value !== current)?.value ?? current ?? '';
  if (spec.kind === 'bool') return !(current === true);
  const c =
    typeof current === 'number' ? current : typeof spec.kernelDefault === 'number' ? spec.kernelDefault : 1;
  const lo = spec.min ?? -Infinity;
  const hi = spec.max ?? Infinity;
  if (spec.kind === 'int' && hi - lo <= 32) return c - 2 >= lo ? c - 2 : Math.min(hi, c + 2);
  const ticks = (spec.ticks ?? []).filter((t) => t !== c);
  if (ticks.length) return ticks.reduce((best, t) => (Math.abs(t - c) < Math.abs(best - c) ? t : best));
  const up = c * 2;
  const v = up <= hi ? up : c / 2;
  return spec.kind === 'int' ? Math.round(v) : v;
}

/** An A/B input's starting text for a value: numbers as links write them (1G, 128K); a knob left at its era default shows that default. */
export function inputText(spec: ParamSpec, v: ParamValue | null | undefined): string {
  const value = v === undefined || v === null || v === 'null' ? spec.kernelDefault : v;
  if (value === undefined || value === null) return '';
  return typeof value === 'number' ? fieldText(spec.key, value) : String(value);
}
