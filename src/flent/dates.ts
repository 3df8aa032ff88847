/**
 * Flent's timestamps (flent/util.py parse_date, format_date): ISO 8601 with
 * microseconds, "Z" for UTC. Older files (version 2) wrote local time
 * without a zone; Flent then guesses the offset as the whole number of hours
 * that brings the date within half an hour of the earliest raw sample, and
 * so does this.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z)?$/;

/** Unix ms of a Flent date string, or null when it is not one. `minRawS`: the earliest raw `t` (Unix s). */
export function parseFlentDate(text: string, minRawS: number | null): number | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const frac = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s) + frac;
  if (!Number.isFinite(asUtc)) return null;
  if (m[8] || minRawS === null) return asUtc;
  // Local time: shift by whole hours towards the first sample (util.parse_date).
  let ts = Math.floor(asUtc / 1000);
  const mult = ts < minRawS ? 1 : -1;
  let hours = 0;
  for (let i = 0; i < 48 && Math.abs(ts - minRawS) > 1800; i++) {
    hours -= mult;
    ts += 3600 * mult;
  }
  return asUtc - hours * 3600_000;
}

/** Flent's UTC form: 2017-02-21T20:55:11.677001Z. */
export function formatFlentDate(ms: number): string {
  const d = new Date(Math.floor(ms));
  const us = Math.round((ms - Math.floor(ms / 1000) * 1000) * 1000);
  return `${d.toISOString().slice(0, 19)}.${String(Math.min(us, 999_999)).padStart(6, '0')}Z`;
}
