/**
 * The reference presets re-run their published experiments: every cell must
 * land within the tolerance the issue sets (throughput ±10 %, Xen ±4 pp).
 */
import { describe, expect, it } from 'vitest';
import { runTable } from '../src/sim/run';
import { PRESETS } from '../src/sim/scenario/presets/index';

describe('published vs simulated', () => {
  for (const p of PRESETS.filter((x) => x.table)) {
    it(`${p.id}: every cell within tolerance`, () => {
      const res = runTable(p, 1);
      const bad = res.cells.filter((c) => !c.ok).map((c) => `${c.label}: published ${c.published}, simulated ${c.simulated.toFixed(3)}`);
      expect(bad).toEqual([]);
      expect(res.cells.length).toBe(p.table!.cells.length);
    });
  }
});
