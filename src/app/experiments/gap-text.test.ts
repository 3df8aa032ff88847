import { describe, expect, it } from 'vitest';
import { findPreset } from '../../sim/scenario/presets/index';
import { refsOf } from '../../sim/lessons/expr';
import { cellRef, parseText } from '../../sim/lessons/text';
import { ACCOUNTS } from './accounts';
import { gapText } from './gap-text';
import { station, summary } from './test-summaries';

describe('an account’s text about the simulation', () => {
  for (const [id, a] of Object.entries(ACCOUNTS)) {
    if (!a.gaps) continue;
    const g = a.gaps;
    const preset = findPreset(id)!;
    const runs = new Set(preset.table!.runs.map((r) => r.id));
    const seeds = new Set((g.seeds?.seeds ?? []).map((s) => `seed${s}`));
    const cells = new Set(preset.table!.cells.map((c) => cellRef(c.label)));
    const texts = [g.summary, ...g.points];

    it(`${id}: every number of the simulation is a placeholder naming a run of the page`, () => {
      for (const t of texts) {
        const { segments, errors } = parseText(t);
        expect(errors, t).toEqual([]);
        for (const seg of segments) {
          if (seg.kind !== 'value') continue;
          for (const [root, ...rest] of refsOf(seg.expr)) {
            if (root === 'published') expect(cells.has(rest.join('.')), `${root}.${rest}`).toBe(true);
            else expect(runs.has(root) || seeds.has(root), root).toBe(true);
          }
        }
      }
      if (g.seeds) expect(runs.has(g.seeds.run)).toBe(true);
    });

    it(`${id}: reads "…" until the runs are in, then their values`, () => {
      const s = summary({
        stations: [station('a'), station('b'), station('c')],
        tsqBudget: {
          dynamic: true,
          limitBytes: 2e5,
          twiceTruesizeBytes: 8704,
          pacingTermBytes: 2e5,
          capBytes: 262144,
          capApplies: true,
          txDelayBytes: 0,
          pacingShift: 8,
          pacingRateBps: 4e8,
          payloadPerTruesize: 0.33,
          ceilingBps: 1e8,
        },
      });
      const all = new Map([...runs, ...seeds].map((r) => [r, s]));
      for (const t of texts) {
        const none = gapText(t, id, new Map());
        const full = gapText(t, id, all);
        expect(full.complete, t).toBe(true);
        expect(full.text).not.toContain('…');
        if (none.text !== full.text) expect(none.complete).toBe(false);
      }
    });
  }
});
