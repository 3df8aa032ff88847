/**
 * The README's table of reference presets quotes how many cells fit: it must
 * say what `npm run sim -- <preset>` prints (seed 1), so a model change that
 * moves a cell cannot leave the README behind. Likewise the experiment page
 * lists where the model and the thread disagree exactly for the presets that
 * miss cells, so a fix cannot leave a stale list and a new miss cannot go
 * unexplained.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runTable } from '../src/sim/run';
import { findPreset } from '../src/sim/scenario/presets/index';
import { ACCOUNTS } from '../src/app/experiments/accounts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** `| \`preset\` | thread | N/M cells… |` rows of the status table. */
const rows = [...readme.matchAll(/^\| `([a-z0-9-]+)` \|[^|]*\| (\d+)\/(\d+) cells/gm)].map((m) => ({
  id: m[1],
  fit: Number(m[2]),
  of: Number(m[3]),
}));

describe('README status table', () => {
  it('quotes a cell count for the reference presets', () => {
    expect(rows.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'gso-always-on',
        'ath9k-pacing-shift',
        'brcmfmac-fc-mode',
        'ath9k-intermediate-queues',
      ]),
    );
  });

  for (const r of rows)
    it(`${r.id}: ${r.fit}/${r.of} cells, as the simulation gives at seed 1`, () => {
      const preset = findPreset(r.id);
      expect(preset?.table, `${r.id} is a preset with a published table`).toBeTruthy();
      const res = runTable(preset!, 1);
      const fit = res.cells.filter((c) => c.ok).length;
      expect({ fit, of: res.cells.length }).toEqual({ fit: r.fit, of: r.of });
      expect(ACCOUNTS[r.id]?.gaps !== undefined, 'the experiment page lists gaps iff cells miss').toBe(
        fit < res.cells.length,
      );
    });
});

describe('README cross-check figures', () => {
  it('quotes the first TSQ commit’s simulated queueing as the cross-check computes it', async () => {
    const { runCheck } = await import('./cross-checks/run-check');
    const f = runCheck('first-tsq-commit').figures;
    expect(readme).toContain(`${f['1 Gbit/s, TSQ'].toFixed(2)} ms simulated`);
    expect(readme).toContain(`${f['100 Mbit/s, TSQ'].toFixed(1)} ms simulated`);
  });
});
