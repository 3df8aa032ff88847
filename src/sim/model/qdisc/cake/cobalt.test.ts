import { describe, expect, it } from 'vitest';
import {
  cobaltControl,
  cobaltNewtonStep,
  cobaltQueueEmpty,
  cobaltQueueFull,
  cobaltShouldDrop,
  cobaltVarsInit,
  CobaltVerdict,
  INV_SQRT_CACHE,
  type CobaltParams,
} from './cobalt';

const P: CobaltParams = {
  targetNs: 5e6,
  intervalNs: 100e6,
  mtuTimeNs: 605_600,
  pInc: 1 << 24,
  pDec: 1 << 20,
};
const never = (): number => 0xffffffff;
const MS = 1e6;

describe('COBALT (hand-computed from sch_cake.c)', () => {
  it('a Newton step at count 16 continues the cache: ≈ 2^32/√16 = 2^30', () => {
    const v = cobaltNewtonStep(INV_SQRT_CACHE[15], 16);
    expect(Math.abs(v - 2 ** 30) / 2 ** 30).toBeLessThan(0.002);
  });

  it('control law: interval · rec_inv_sqrt >> 32 (count 2: 100 ms / √2)', () => {
    expect(cobaltControl(0, 100e6, INV_SQRT_CACHE[2])).toBe(70_710_678);
  });

  it('below target nothing is dropped, and drop_next becomes an activity timeout now + interval', () => {
    const v = cobaltVarsInit();
    expect(cobaltShouldDrop(v, P, 10 * MS, 1 * MS, false, 0, never)).toBe(CobaltVerdict.PASS);
    expect(v.count).toBe(0);
    expect(v.dropNextNs).toBe(110 * MS);
  });

  it('a fresh flow (rec_inv_sqrt 0) drops the second over-target packet: the first sets drop_next = now', () => {
    const v = cobaltVarsInit();
    const t = 1000 * MS;
    expect(cobaltShouldDrop(v, P, t, 6 * MS, false, 0, never)).toBe(CobaltVerdict.PASS);
    expect(v.dropping).toBe(true);
    expect(v.count).toBe(1);
    expect(v.dropNextNs).toBe(t);
    expect(cobaltShouldDrop(v, P, t + 1 * MS, 6 * MS, false, 0, never)).toBe(CobaltVerdict.CONGESTED);
    expect(v.count).toBe(2);
    expect(v.dropNextNs).toBe(t + 70_710_678);
    // Before that, the next packets pass.
    expect(cobaltShouldDrop(v, P, t + 2 * MS, 6 * MS, false, 0, never)).toBe(CobaltVerdict.PASS);
  });

  it('an ECN-capable packet is marked instead of dropped', () => {
    const v = cobaltVarsInit();
    cobaltShouldDrop(v, P, 0, 6 * MS, true, 0, never);
    expect(cobaltShouldDrop(v, P, 1 * MS, 6 * MS, true, 0, never)).toBe(CobaltVerdict.PASS);
    expect(v.ecnMarked).toBe(true);
  });

  it('over target needs more than 4 MTU times of sojourn too (a short queue at a low rate is not a standing queue)', () => {
    const slow: CobaltParams = { ...P, mtuTimeNs: 2 * MS };
    const v = cobaltVarsInit();
    cobaltShouldDrop(v, slow, 0, 6 * MS, false, 0, never);
    expect(v.dropping).toBe(false);
  });

  it('BLUE: a queue overflow raises p_drop by 1/256 at most once per target; an empty queue lowers it by 1/4096', () => {
    const v = cobaltVarsInit();
    expect(cobaltQueueFull(v, P, 10 * MS)).toBe(true);
    expect(v.pDrop).toBe(1 << 24);
    cobaltQueueFull(v, P, 12 * MS); // within target: no change
    expect(v.pDrop).toBe(1 << 24);
    cobaltQueueFull(v, P, 16 * MS);
    expect(v.pDrop).toBe(2 << 24);
    cobaltQueueEmpty(v, P, 22 * MS);
    expect(v.pDrop).toBe((2 << 24) - (1 << 20));
    // With p_drop set, a random draw below it drops an otherwise passing packet.
    const v2 = cobaltVarsInit();
    v2.pDrop = 1 << 24;
    expect(cobaltShouldDrop(v2, P, 0, 0, false, 0, () => 0)).toBe(CobaltVerdict.FLOOD);
  });
});
