/**
 * Knob changes at simulated times as a link writes them, one `at` entry per
 * change: `at=7.4s:tcp.sk_pacing_shift=8` (seconds with up to six decimals,
 * so microsecond precision, the core's grain; `ms` and `us` are read too).
 * The value is written as --set reads it (128K, 100M, null for the era's
 * default). Pure and never throws: what it cannot read, it names.
 */
import type { ParamValue } from '../../worker/protocol';

/** A change as text, before the core has checked and typed its value. */
export interface LinkChange {
  atUs: number;
  key: string;
  value: string;
}

/** Links keep at most this many changes (a slider dragged for a while makes dozens). */
export const MAX_LINK_CHANGES = 256;
/** One hour of simulated time, the longest window the time axis shows. */
const MAX_AT_US = 3_600e6;

const UNIT_US: Record<string, number> = { s: 1e6, ms: 1e3, us: 1, µs: 1 };
const AT_RE = /^(\d{1,10}(?:\.\d{1,9})?)(s|ms|us|µs):([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)=(.+)$/;
const FORBIDDEN_SEGMENT = /(^|\.)(__proto__|prototype|constructor)(\.|$)/;

/** Whole microseconds as seconds, written without float noise: 7400000 → "7.4s". */
export function formatAtUs(atUs: number): string {
  const us = Math.max(0, Math.round(atUs));
  const whole = Math.floor(us / 1e6);
  const frac = String(us % 1e6)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}s`;
}

export function formatLinkChange(c: LinkChange): string {
  return `${formatAtUs(c.atUs)}:${c.key}=${c.value}`;
}

/** Reads one `at` entry, or says why it cannot. */
export function parseLinkChange(
  text: string,
): { ok: true; change: LinkChange } | { ok: false; reason: string } {
  const m = AT_RE.exec(text.trim());
  if (!m || FORBIDDEN_SEGMENT.test(m[3]))
    return { ok: false, reason: 'expected time:parameter=value, e.g. 7.4s:tcp.sk_pacing_shift=8' };
  const atUs = Math.round(Number(m[1]) * UNIT_US[m[2]]);
  if (!Number.isFinite(atUs) || atUs > MAX_AT_US)
    return { ok: false, reason: 'the time must be within the first hour of the run (at most 3600s)' };
  return { ok: true, change: { atUs, key: m[3], value: m[4].trim() } };
}

/** Time order, keeping the order of changes at the same microsecond (the order they apply in). */
export function sortChanges<T extends { atUs: number }>(list: readonly T[]): T[] {
  return list
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.atUs - b.c.atUs || a.i - b.i)
    .map((x) => x.c);
}

/** A knob's value typed as its control would send it: an option's own value, a boolean, a number, null. */
export function typedChangeValue(
  spec: { kind: string; options?: { value: string | number }[] } | undefined,
  text: string,
  parseNumber: (t: string) => number | null,
): ParamValue | null {
  if (text === 'null') return null;
  if (!spec) return text;
  if (spec.kind === 'enum') return spec.options?.find((o) => String(o.value) === text)?.value ?? text;
  if (spec.kind === 'bool') return text === 'true' ? true : text === 'false' ? false : text;
  return parseNumber(text) ?? text;
}
