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
      expect(off).toEqual([]);
    });
  }
});
