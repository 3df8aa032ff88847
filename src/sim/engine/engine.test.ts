import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim, Timer, type EventTarget } from './sim';
import { Rng } from './rng';

describe('event engine', () => {
  it('runs events in time order with FIFO tie-breaking', () => {
    const sim = new Sim(1);
    const seen: number[] = [];
    const t: EventTarget = { handleEvent: (k) => void seen.push(k) };
    sim.at(30, t, 3);
    sim.at(10, t, 1);
    sim.at(10, t, 2);
    sim.at(20, t, 4);
    sim.runUntil(100);
    expect(seen).toEqual([1, 2, 4, 3]);
    expect(sim.nowNs).toBe(100);
  });

  it('keeps the clock monotone for random schedules (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 3000 }), (times) => {
        const sim = new Sim(7);
        let last = -1;
        let ok = true;
        let n = 0;
        const t: EventTarget = {
          handleEvent: (_k, _a, now) => {
            if (now < last) ok = false;
            last = now;
            n++;
          },
        };
        for (const x of times) sim.at(x, t, 0);
        sim.runUntil(2e6);
        return ok && n === times.length;
      }),
    );
  });

  it('ignores a timer event that was re-armed or cancelled', () => {
    const sim = new Sim(1);
    const fired: number[] = [];
    const timer = new Timer(sim, (now) => fired.push(now));
    timer.arm(100);
    timer.arm(50);
    sim.runUntil(200);
    expect(fired).toEqual([50]);
    timer.arm(300);
    timer.cancel();
    sim.runUntil(400);
    expect(fired).toEqual([50]);
  });

  it('grows its storage past the initial capacity', () => {
    const sim = new Sim(1);
    let n = 0;
    const t: EventTarget = { handleEvent: () => void n++ };
    for (let i = 0; i < 5000; i++) sim.at(5000 - i, t, 0);
    sim.runUntil(10_000);
    expect(n).toBe(5000);
  });
});

describe('seeded rng', () => {
  it('repeats for the same seed and differs across seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const xa = Array.from({ length: 5 }, () => a.u32());
    expect(Array.from({ length: 5 }, () => b.u32())).toEqual(xa);
    expect(Array.from({ length: 5 }, () => c.u32())).not.toEqual(xa);
  });

  it('is roughly uniform', () => {
    const r = new Rng(3);
    let s = 0;
    for (let i = 0; i < 100_000; i++) s += r.next();
    expect(s / 100_000).toBeCloseTo(0.5, 2);
  });
});
