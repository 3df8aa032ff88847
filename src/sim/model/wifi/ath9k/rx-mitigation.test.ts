import { describe, expect, it } from 'vitest';
import { Sim } from '../../../engine/sim';
import { Skb } from '../../skb';
import { RxMitigation } from './rx-mitigation';

/** Frames received at the given µs; returns [frame index, delivery µs] pairs. */
function run(arrivalsUs: number[], lastUs: number, firstUs: number): [number, number][] {
  const sim = new Sim(1);
  const out: [number, number][] = [];
  const rm = new RxMitigation(sim, { lastNs: lastUs * 1000, firstNs: firstUs * 1000 }, (skb, from, now) => {
    expect(from).toBe(7);
    out.push([skb.seq, now / 1000]);
  });
  arrivalsUs.forEach((t, i) => {
    const skb = new Skb();
    skb.seq = i;
    sim.at(t * 1000, { handleEvent: (_k, _a, now) => rm.receive(skb, 7, now) }, 0);
  });
  sim.runUntil(1e9);
  expect(rm.heldFrames).toBe(0);
  return out;
}

describe('ath9k RX interrupt mitigation', () => {
  it('reports a lone frame rimt_last after it arrived', () => {
    expect(run([100], 250, 700)).toEqual([[0, 350]]);
  });

  it('batches a burst: each frame restarts the quiet timer', () => {
    expect(run([0, 100, 200], 250, 700)).toEqual([
      [0, 450],
      [1, 450],
      [2, 450],
    ]);
  });

  it('never holds the first frame longer than rimt_first', () => {
    // A frame every 200 µs keeps the quiet timer from expiring; the first-frame deadline fires at 700.
    const got = run([0, 200, 400, 600, 800], 250, 700);
    expect(got.slice(0, 4).map(([, t]) => t)).toEqual([700, 700, 700, 700]);
    expect(got[4]).toEqual([4, 1050]);
  });

  it('keeps arrival order', () => {
    const got = run([0, 10, 20, 30], 250, 700);
    expect(got.map(([i]) => i)).toEqual([0, 1, 2, 3]);
  });
});
