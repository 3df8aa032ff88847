/**
 * The text a knob's number field shows and reads: values as links and the
 * CLI's --set write them (128K bytes, 1G bit/s), read back by the core's own
 * parser, so a rate of 1000000000 can be typed and read as 1G.
 */
import { coerce } from '../../sim/scenario/paths';
import type { ParamValue } from '../../worker/protocol';
import { formatParamValue } from '../share/url-state';

/** What the field shows for a value (empty when there is none). */
export function fieldText(key: string, v: ParamValue | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? formatParamValue(key, v) : '';
}

/** The number typed (with the suffixes --set accepts), or null if it is not one. */
export function parseField(key: string, text: string): number | null {
  if (text.trim() === '') return null;
  const v = coerce(0, text.trim(), key);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Fields whose values are large enough that people write them with suffixes. */
export const takesSuffix = (key: string): boolean => /bytes/i.test(key) || /Bps$/.test(key);
