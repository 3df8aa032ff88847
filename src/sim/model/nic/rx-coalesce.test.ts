/** RX interrupt coalescing: the interrupt at the first of rx-usecs after the first frame or rx-frames frames. */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine/sim';
import { us, type Ns } from '../../engine/time';
import { Skb } from '../skb';
import { RxCoalesce, type RxCoalesceOptions } from './rx-coalesce';

function rig(o: RxCoalesceOptions) {
  const sim = new Sim(1);
  const up: { t: Ns; skb: Skb }[] = [];
  const rx = new RxCoalesce(sim, o, (skb, t) => up.push({ t, skb }));
  const at = (t: Ns): Skb => {
    sim.runUntil(t);
    const s = new Skb();
    rx.receive(s, t);
    return s;
  };
  return { sim, rx, up, at };
}

describe('RxCoalesce', () => {
  it('rx-usecs 0: every frame goes up at once', () => {
    const { up, at, rx } = rig({ usecs: 0, frames: 4 });
    at(us(1));
    at(us(2));
    expect(up.map((u) => u.t)).toEqual([us(1), us(2)]);
    expect(rx.interrupts).toBe(2);
  });

  it('the timer fires rx-usecs after the first frame waiting, for all frames waiting', () => {
    const { sim, up, at } = rig({ usecs: 50, frames: 4 });
    const a = at(0);
    const b = at(us(10));
    const c = at(us(20));
    sim.runUntil(us(200));
    expect(up).toEqual([
      { t: us(50), skb: a },
      { t: us(50), skb: b },
      { t: us(50), skb: c },
    ]);
  });

  it('rx-frames fires at once when that many are waiting, before the timer', () => {
    const { sim, up, at, rx } = rig({ usecs: 50, frames: 4 });
    for (let i = 0; i < 4; i++) at(us(100 + i));
    expect(up.map((u) => u.t)).toEqual(Array(4).fill(us(103)));
    at(us(104)); // a new round: its own timer
    sim.runUntil(us(1000));
    expect(up[4].t).toBe(us(154));
    expect(rx.interrupts).toBe(2);
  });

  it('rx-frames 0 sets no frame limit', () => {
    const { sim, up, at } = rig({ usecs: 30, frames: 0 });
    for (let i = 0; i < 100; i++) at(i * 100);
    sim.runUntil(us(100));
    expect(up.map((u) => u.t)).toEqual(Array(100).fill(us(30)));
  });
});
