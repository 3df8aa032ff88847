import { describe, expect, it } from 'vitest';
import type { EventTarget } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import { TestContender, setup } from './medium-test-helpers';
import { aifsNs, bandTiming, blockAckExchangeNs, ppduDurationNs, uniformAmpduBytes } from '../phy/phy';
import { AC } from '../types';

const HT20_MCS7 = { mode: 'ht', mcs: 7, nss: 1, widthMHz: 20, shortGi: false } as const;

/** A 32 × 1538-byte A-MPDU at HT20 MCS7 plus SIFS + BA: about 5.8 ms of air. */
function bigExchangeNs(): Ns {
  return blockAckExchangeNs(ppduDurationNs(uniformAmpduBytes(1538, 32), HT20_MCS7), '5GHz');
}

describe('Medium, one saturated contender', () => {
  it('achieves payload / (AIFS + 7.5 slots + airtime) within 2 %', () => {
    const { sim, medium, records } = setup(1);
    const c = new TestContender(0, AC.BE);
    c.saturated = true;
    c.satAirtimeNs = bigExchangeNs();
    c.payloadBytes = 32 * 1500;
    medium.register(c);
    medium.kick(c);
    const T = 10e9;
    sim.runUntil(T);
    const { slotNs } = bandTiming('5GHz');
    const cycleNs = aifsNs('5GHz', 3) + 7.5 * slotNs + c.satAirtimeNs;
    const expectedBps = (c.payloadBytes * 8 * 1e9) / cycleNs;
    const gotBps = (c.deliveredBytes * 8 * 1e9) / T;
    expect(Math.abs(gotBps / expectedBps - 1)).toBeLessThan(0.02);
    expect(medium.collisions).toBe(0);
    // Every idle gap is AIFS + k·slot with k in [0, 15], mean near 7.5.
    let sumK = 0;
    for (let i = 1; i < records.length; i++) {
      const gap = records[i].startNs - records[i - 1].endNs;
      const k = (gap - aifsNs('5GHz', 3)) / slotNs;
      expect(Number.isInteger(k) && k >= 0 && k <= 15).toBe(true);
      sumK += k;
    }
    expect(Math.abs(sumK / (records.length - 1) - 7.5)).toBeLessThan(0.3);
    expect(medium.airtimeByNode(0)).toBe(records.length * c.satAirtimeNs);
    expect(Math.abs(medium.busyNs - records.length * c.satAirtimeNs)).toBeLessThanOrEqual(c.satAirtimeNs);
  });

  it('transmits at the next slot boundary when it arrives after a long idle (post-backoff done)', () => {
    const { sim, medium, records } = setup(2);
    const c = new TestContender(0, AC.BE);
    medium.register(c);
    const t0 = 5_000_123; // off the slot grid, long after AIFS + 15 slots
    const poke: EventTarget = {
      handleEvent: () => {
        c.queue.push(100_000);
        c.arrivals.push(t0);
        medium.kick(c);
      },
    };
    sim.at(t0, poke, 0);
    sim.runUntil(10_000_000);
    const { sifsNs, slotNs } = bandTiming('5GHz');
    expect(records.length).toBe(1);
    const s = records[0].startNs;
    expect(s).toBeGreaterThanOrEqual(t0);
    expect(s - t0).toBeLessThan(slotNs);
    expect((s - sifsNs) % slotNs).toBe(0);
  });
});

describe('Medium, two saturated contenders', () => {
  it('shares about 50/50 and sees a collision probability in (0, 0.2)', () => {
    const { sim, medium, records } = setup(3);
    const cs = [0, 1].map((n) => {
      const c = new TestContender(n, AC.BE);
      c.saturated = true;
      c.satAirtimeNs = 1_000_000;
      c.payloadBytes = 1000;
      medium.register(c);
      medium.kick(c);
      return c;
    });
    sim.runUntil(20e9);
    const a = medium.airtimeByNode(0);
    const b = medium.airtimeByNode(1);
    expect(Math.abs(a / (a + b) - 0.5)).toBeLessThan(0.02);
    const p = medium.collisions / medium.txops;
    expect(p).toBeGreaterThan(0.02);
    expect(p).toBeLessThan(0.2);
    expect(medium.collisionEvents * 2).toBe(medium.collisions);
    expect(cs[0].collidedEnds + cs[1].collidedEnds).toBe(medium.collisions);
    expect(records.filter((r) => r.collided).length).toBe(medium.collisions);
  });

  it('matches the Bianchi saturation collision probability (W = 16, m = 6) for 2, 3 and 5 stations', () => {
    // Fixed point of tau = 2(1-2p) / ((1-2p)(W+1) + pW(1-(2p)^m)), p = 1 - (1-tau)^(n-1).
    const bianchi = (n: number): number => {
      const W = 16;
      const m = 6;
      let lo = 0;
      let hi = 0.999;
      for (let i = 0; i < 100; i++) {
        const p = (lo + hi) / 2;
        const tau = (2 * (1 - 2 * p)) / ((1 - 2 * p) * (W + 1) + p * W * (1 - Math.pow(2 * p, m)));
        if (1 - Math.pow(1 - tau, n - 1) > p) lo = p;
        else hi = p;
      }
      return lo;
    };
    for (const n of [2, 3, 5]) {
      const { sim, medium } = setup(10 + n);
      for (let i = 0; i < n; i++) {
        const c = new TestContender(i, AC.BE);
        c.saturated = true;
        c.satAirtimeNs = 1_000_000;
        medium.register(c);
        medium.kick(c);
      }
      sim.runUntil(20e9);
      expect(Math.abs(medium.collisions / medium.txops - bianchi(n))).toBeLessThan(0.015);
    }
  });

  it('never collides when collisions are off, and VO beats BE', () => {
    const { sim, medium } = setup(4, false);
    const vo = new TestContender(0, AC.VO);
    const be = new TestContender(1, AC.BE);
    for (const c of [vo, be]) {
      c.saturated = true;
      c.satAirtimeNs = 500_000;
      medium.register(c);
      medium.kick(c);
    }
    sim.runUntil(5e9);
    expect(medium.collisions).toBe(0);
    expect(medium.airtimeByNode(0)).toBeGreaterThan(5 * medium.airtimeByNode(1));
    expect(medium.airtimeByNode(1)).toBeGreaterThan(0);
  });
});

describe('contention backoff range (CW)', () => {
  it('doubles on reportFailure up to cwMax and resets on reportSuccess', () => {
    const { sim, medium } = setup(5);
    const c = new TestContender(0, AC.BE);
    c.saturated = true;
    c.satAirtimeNs = 200_000;
    let n = 0;
    const seen: number[] = [];
    c.onEnd = () => {
      n++;
      if (n <= 8) medium.reportFailure(c);
      else if (n === 9) medium.reportSuccess(c);
    };
    medium.register(c);
    // Records the CW each TXOP starts with.
    const orig = c.startTxop.bind(c);
    c.startTxop = (t) => {
      seen.push(medium.cwOf(c));
      return orig(t);
    };
    medium.kick(c);
    sim.runUntil(500_000_000);
    expect(seen.slice(0, 11)).toEqual([15, 31, 63, 127, 255, 511, 1023, 1023, 1023, 15, 15]);
  });

  it('doubles after a collision and resets after a success', () => {
    const { sim, medium } = setup(6);
    const cs = [0, 1].map((n) => {
      const c = new TestContender(n, AC.BE);
      c.saturated = true;
      c.satAirtimeNs = 300_000;
      medium.register(c);
      return c;
    });
    const c0 = cs[0];
    let lastCollided = false;
    let prevCw = 15;
    let afterCollision = 0;
    const origEnd = c0.endTxop.bind(c0);
    c0.endTxop = (nowNs, collided) => {
      lastCollided = collided;
      origEnd(nowNs, collided);
    };
    const origStart = c0.startTxop.bind(c0);
    c0.startTxop = (t) => {
      const cw = medium.cwOf(c0);
      if (lastCollided) {
        expect(cw).toBe(Math.min(2 * prevCw + 1, 1023));
        afterCollision++;
      } else expect(cw).toBe(15);
      prevCw = cw;
      return origStart(t);
    };
    for (const c of cs) medium.kick(c);
    sim.runUntil(2e9);
    expect(afterCollision).toBeGreaterThan(10);
  });
});
