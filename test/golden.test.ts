/**
 * Golden summaries: each preset, run headless, against the committed
 * summary (test/golden/*.json) with tolerances. A change that moves a result
 * shows up here and in review; refresh with `npm run golden:update`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenRuns, type Golden } from './golden-runs';

const REL = 0.03;

function close(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= REL * Math.max(Math.abs(a), Math.abs(b)) + 1e-6;
}

describe('golden summaries', () => {
  const runs = goldenRuns();
  for (const g of runs) {
    it(`${g.preset} matches test/golden/${g.preset}.json`, () => {
      const want = JSON.parse(readFileSync(`test/golden/${g.preset}.json`, 'utf8')) as Golden;
      const fields = [
        'goodputMbps',
        'medianLatencyMs',
        'medianAggregate',
        'tsqLimitBytes',
        'medianCompletionUs',
        'throttledFraction',
        'cpuBusy',
        'drops',
      ] as const;
      const off = fields
        .filter((f) => !close(g[f], want[f]))
        .map((f) => `${f}: golden ${want[f]}, now ${g[f]}`);
      // Per station: goodput like the totals; airtime shares (fractions) within 0.03 absolute.
      const sta = g.stations.flatMap((st, i) => {
        const w = want.stations?.[i];
        if (!w) return [`station ${st.name}: not in the golden file`];
        const bad: string[] = [];
        if (w.name !== st.name) bad.push(`station ${i}: golden ${w.name}, now ${st.name}`);
        if (!close(st.goodputMbps, w.goodputMbps))
          bad.push(`${st.name} goodputMbps: golden ${w.goodputMbps}, now ${st.goodputMbps}`);
        const a = st.airtimeShare;
        const b = w.airtimeShare;
        if (a === null || b === null ? a !== b : Math.abs(a - b) > 0.03)
          bad.push(`${st.name} airtimeShare: golden ${b}, now ${a}`);
        return bad;
      });
      expect([...off, ...sta]).toEqual([]);
      expect(want.stations?.length ?? 0).toBe(g.stations.length);
    });
  }
});
