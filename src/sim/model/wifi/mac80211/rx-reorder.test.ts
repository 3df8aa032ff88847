import { describe, expect, it } from 'vitest';
import { Sim } from '../../../engine/sim';
import { ms, type Ns } from '../../../engine/time';
import { mkSkb } from '../../qdisc/test-helpers';
import { RX_REORDER_TIMEOUT_NS, RxReorder } from './rx-reorder';

function rig() {
  const sim = new Sim(1);
  const out: { seq: number; t: Ns }[] = [];
  const rx = new RxReorder(sim, (skb, t) => out.push({ seq: skb.seqno80211, t }));
  const frame = (seq: number) => {
    const s = mkSkb();
    s.seqno80211 = seq;
    return s;
  };
  /** Delivers `seqs` of stream `key` at time `t`. */
  const at = (t: Ns, seqs: number[], key = 0) =>
    sim.at(t, { handleEvent: (_k, _a, now) => seqs.forEach((q) => rx.receive(key, frame(q), now)) }, 0);
  return { sim, rx, out, at };
}

describe('RxReorder', () => {
  it('hands frames up in sequence order', () => {
    const { sim, rx, out, at } = rig();
    at(0, [0, 1, 3, 4]);
    at(ms(1), [2]);
    sim.runUntil(ms(2));
    expect(out.map((o) => o.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(out.map((o) => o.t)).toEqual([0, 0, ms(1), ms(1), ms(1)]);
    expect([rx.discarded, rx.heldFrames]).toEqual([0, 0]);
  });

  it('starts the BAW at the session start (0): a retried first frame is held for, not discarded', () => {
    const { sim, rx, out, at } = rig();
    // The first A-MPDU lost its first subframe; the retry comes with the next one.
    at(0, [1, 2, 3]);
    at(ms(4), [0, 4]);
    sim.runUntil(ms(5));
    expect(out.map((o) => o.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(rx.discarded).toBe(0);
  });

  it('skips a hole after the reorder timeout, then discards the late frame and duplicates', () => {
    const { sim, rx, out, at } = rig();
    at(0, [0, 2, 3]);
    at(RX_REORDER_TIMEOUT_NS + ms(1), [1, 3]);
    sim.runUntil(RX_REORDER_TIMEOUT_NS + ms(2));
    expect(out.map((o) => [o.seq, o.t])).toEqual([
      [0, 0],
      [2, RX_REORDER_TIMEOUT_NS],
      [3, RX_REORDER_TIMEOUT_NS],
    ]);
    // 1 arrived after its hole was skipped (lost); the second 3 is a duplicate.
    expect([rx.discarded, rx.late]).toEqual([2, 1]);
  });

  it('keeps streams apart, and moves the BAW for a frame beyond it', () => {
    const { sim, rx, out, at } = rig();
    at(0, [1], 7);
    at(0, [0], 9);
    at(ms(1), [64 + 1], 7); // beyond the 64-frame BAW: 1 is released as the BAW moves past the hole at 0
    at(ms(2), [0], 7); // the skipped 0, too late
    at(ms(2), [0], 9); // stream 9 had 0 already: a duplicate
    sim.runUntil(ms(3));
    expect(out.map((o) => o.seq)).toEqual([0, 1]);
    expect(rx.heldFrames).toBe(1);
    expect([rx.discarded, rx.late]).toEqual([2, 1]);
  });
});
