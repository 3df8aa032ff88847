/**
 * A sweep's results as files. CSV: one row per point (the knob values, how
 * many seeds ran), then per metric its median over the seeds and, with
 * several seeds, their min and max; each number rounded to the decimals its
 * measure carries (no float noise), a value that does not exist an empty
 * cell (never NaN). JSON keeps every run.
 */
import { firstSummary, statOf, sweepMetrics, type SweepPoint, type SweepSetup } from './sweep-model';

const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A number to `digits` decimals, without trailing zeros or float noise; '' when it is not finite. */
export function roundedCell(v: number, digits: number): string {
  if (!Number.isFinite(v)) return '';
  const r = Number(v.toFixed(digits));
  return String(Object.is(r, -0) ? 0 : r);
}

export function toCsv(s: SweepSetup, points: readonly SweepPoint[]): string {
  const metrics = sweepMetrics(points);
  const spread = s.seeds.length > 1;
  const head = [
    s.x.key,
    ...(s.y ? [s.y.key] : []),
    'seeds',
    ...metrics.flatMap((m) => (spread ? [m.key, `${m.key}_min`, `${m.key}_max`] : [m.key])),
    'bound',
  ];
  const lines = points.map((p) => {
    const cells = metrics.flatMap((m) => {
      const st = statOf(m, p);
      const r = (v: number) => roundedCell(v, m.digits);
      return spread ? [r(st.median), r(st.min), r(st.max)] : [r(st.median)];
    });
    return [p.x, ...(s.y ? [p.y ?? ''] : []), p.runs.length, ...cells, firstSummary(p).bound]
      .map(csvField)
      .join(',');
  });
  return [head.join(','), ...lines].join('\n') + '\n';
}

export function toJson(s: SweepSetup, points: readonly SweepPoint[]): string {
  return (
    JSON.stringify(
      {
        preset: s.presetId,
        x: s.x.key,
        y: s.y?.key ?? null,
        seeds: s.seeds,
        durationMs: s.durationMs,
        comparable: s.durationMs >= s.fullMs,
        base: s.base,
        points: points.map((p) => ({ x: p.x, y: p.y, runs: p.runs })),
      },
      (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v),
      2,
    ) + '\n'
  );
}
