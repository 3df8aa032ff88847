import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim } from '../../../engine/sim';
import { Rng } from '../../../engine/rng';
import { Medium } from './medium';
import { TestContender, runRandom } from './medium-test-helpers';
import { bandTiming } from '../phy/phy';
import { AC, type Ac } from '../types';

describe('Medium invariants (property)', () => {
  const frameArb = fc.record({
    who: fc.integer({ min: 0, max: 5 }),
    atUs: fc.integer({ min: 0, max: 20_000 }),
    airUs: fc.integer({ min: 20, max: 3_000 }),
  });
  const acArb = fc.constantFrom<Ac>(AC.VO, AC.VI, AC.BE, AC.BK);

  it('no overlap except same-start collisions, grid-aligned starts after AIFS, every frame served', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.array(acArb, { minLength: 1, maxLength: 6 }),
        fc.array(frameArb, { minLength: 1, maxLength: 60 }),
        fc.boolean(),
        (seed, acs, frames, collisions) => {
          const { medium, records, cs } = runRandom(seed, acs, frames, collisions);
          const { sifsNs, slotNs } = bandTiming('5GHz');
          let busyEnd = -1;
          let periodStart = -1;
          let busySum = 0;
          for (let i = 0; i < records.length; i++) {
            const r = records[i];
            if (i > 0) expect(r.startNs).toBeGreaterThanOrEqual(records[i - 1].startNs);
            const sameStart = r.startNs === periodStart;
            if (sameStart) {
              expect(collisions).toBe(true);
              expect(r.collided).toBe(true);
              busyEnd = Math.max(busyEnd, r.endNs);
              continue;
            }
            // A new busy period: after the previous one, at least AIFS(AIFSN 2) later, on the slot grid.
            if (busyEnd >= 0) {
              busySum += busyEnd - periodStart;
              expect(r.startNs).toBeGreaterThanOrEqual(busyEnd + sifsNs + 2 * slotNs);
              expect((r.startNs - busyEnd - sifsNs) % slotNs).toBe(0);
            }
            const next = records[i + 1];
            expect(r.collided).toBe(next !== undefined && next.startNs === r.startNs);
            periodStart = r.startNs;
            busyEnd = r.endNs;
          }
          if (busyEnd >= 0) busySum += busyEnd - periodStart;
          expect(medium.busyNs).toBe(busySum);
          // Every frame was delivered (no frame is ever dropped here).
          for (const c of cs) expect(c.queue.length).toBe(0);
          const delivered = cs.reduce((s, c) => s + c.delivered, 0);
          expect(delivered).toBe(frames.length);
          expect(medium.txops).toBe(records.length);
          let airSum = 0;
          for (const r of records) airSum += r.endNs - r.startNs;
          let byNode = 0;
          for (let n = 0; n < cs.length; n++) byNode += medium.airtimeByNode(n);
          expect(byNode).toBe(airSum);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is deterministic for a seed', () => {
    const frames = Array.from({ length: 40 }, (_, i) => ({ who: i % 3, atUs: (i * 379) % 5000, airUs: 300 }));
    const a = runRandom(42, [AC.BE, AC.BE, AC.VI], frames, true).records;
    const b = runRandom(42, [AC.BE, AC.BE, AC.VI], frames, true).records;
    expect(a).toEqual(b);
    const c = runRandom(43, [AC.BE, AC.BE, AC.VI], frames, true).records;
    expect(c).not.toEqual(a);
  });
});

// Keeps the Rng import honest: the medium must take its randomness from the Rng it is given.
describe('randomness source', () => {
  it('draws from the provided Rng only', () => {
    const sim = new Sim(9);
    const m1 = new Medium(sim, new Rng(5), { band: '5GHz', collisions: true });
    const c = new TestContender(0, AC.BE);
    m1.register(c);
    const sim2 = new Sim(10);
    const m2 = new Medium(sim2, new Rng(5), { band: '5GHz', collisions: true });
    const c2 = new TestContender(0, AC.BE);
    m2.register(c2);
    for (const [s, m, k] of [
      [sim, m1, c],
      [sim2, m2, c2],
    ] as const) {
      k.saturated = true;
      k.satAirtimeNs = 100_000;
      m.kick(k);
      s.runUntil(50_000_000);
    }
    expect(c.delivered).toBe(c2.delivered);
    expect(m1.busyNs).toBe(m2.busyNs);
  });
});
