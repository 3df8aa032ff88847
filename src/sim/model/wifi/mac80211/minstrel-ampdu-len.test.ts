import { describe, expect, it } from 'vitest';
import { MINSTREL_STATS_INTERVAL_NS, MinstrelAmpduLen, minstrelEwma } from './minstrel-ampdu-len';

const MS = 1_000_000;

describe('minstrel_ht avg_ampdu_len', () => {
  it('minstrel_ewma moves a quarter of the way (EWMA_LEVEL 96 of 128)', () => {
    expect(minstrelEwma(0, 4096)).toBe(1024);
    expect(minstrelEwma(4096, 4096)).toBe(4096);
  });

  it('starts at 1.0 and only changes at a status more than 50 ms after the last update', () => {
    const m = new MinstrelAmpduLen(0);
    m.txStatus(20, 10 * MS);
    expect(m.shown()).toBe(1);
    m.txStatus(20, MINSTREL_STATS_INTERVAL_NS + 1);
    // both reports fold in together: 1 + (20 − 1) / 4 = 5.75, shown truncated to 5.7
    expect(m.shown()).toBe(5.7);
  });

  it('converges to the mean frames per status, counting lone frames as 1', () => {
    const m = new MinstrelAmpduLen(0);
    let t = 0;
    for (let i = 0; i < 400; i++) {
      t += 5 * MS;
      m.txStatus(i % 2 === 0 ? 2 : 1, t); // alternating 2-frame A-MPDUs and lone frames
    }
    expect(m.shown()).toBeGreaterThanOrEqual(1.4);
    expect(m.shown()).toBeLessThanOrEqual(1.5);
  });

  it('shows 1.9, not 2.0, when the running value sits just under 2 (truncated tenths)', () => {
    const m = new MinstrelAmpduLen(0);
    let t = 0;
    for (let i = 0; i < 40; i++) {
      t += 60 * MS;
      m.txStatus(2, t);
    }
    // integer EWMA from 1.0 towards 2.0 stops a few units of 1/4096 short
    expect(m.shown()).toBe(1.9);
  });
});
