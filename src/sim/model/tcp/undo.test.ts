/**
 * Undo of a reduction that timestamps prove spurious (net/ipv4/tcp_input.c:
 * tcp_packet_delayed, tcp_try_undo_partial, tcp_try_undo_loss): a sender and
 * a receiver joined by a path whose delay the test chooses per segment.
 */
import { describe, expect, it } from 'vitest';
import { Sim, type EventTarget } from '../../engine/sim';
import { NS_PER_MS, type Ns } from '../../engine/time';
import { ERAS } from '../../scenario/eras';
import { Cpu, ZERO_COSTS } from '../cpu/cpu';
import type { Skb } from '../skb';
import { createCc } from './cc/index';
import { TcpReceiver } from './receiver';
import { TcpSender } from './sender';

const MSS = 1448;
const ms = (v: number): Ns => v * NS_PER_MS;

/** Data takes `delay(skb)` (Infinity: lost); ACKs take 5 ms. */
function path(delay: (skb: Skb, nowNs: Ns) => number) {
  const sim = new Sim(1);
  const cpu = new Cpu(sim);
  let rx: TcpReceiver | null = null;
  const deliver: EventTarget = { handleEvent: (_k, skb, now) => rx!.receive(skb as Skb, now) };
  const ackBack: EventTarget = { handleEvent: (_k, ack) => tx.receiveAck(ack as Skb) };
  const tx = new TcpSender(
    sim,
    cpu,
    ZERO_COSTS,
    ERAS['4.9'],
    createCc('cubic', sim.rng.fork(1)),
    {
      flowId: 0,
      src: 0,
      dst: 1,
      priority: 0,
      mssBytes: MSS,
      initialCwnd: 10,
      sndbufBytes: 4 << 20,
      limitOutputBytes: 4 << 20,
      pacingShiftOverride: null,
      gsoMaxSizeBytes: MSS,
      gsoMode: 'mss',
      sg: false,
      minTsoSegs: 1,
      maxPacingRateBytesPerSec: Infinity,
      txDelayUs: 0,
    },
    (skb, now) => {
      skb.owner?.onSkbFree(skb, now);
      const d = delay(skb, now);
      if (Number.isFinite(d)) sim.after(d, deliver, 0, skb);
    },
  );
  rx = new TcpReceiver(
    sim,
    { flowId: 0, node: 1, peer: 0, mssBytes: MSS, delackNs: ms(40), groWindowNs: 0, groMaxBytes: 65536, priority: 0 },
    (ack) => sim.after(ms(5), ackBack, 0, ack),
  );
  tx.start(0);
  return { sim, tx };
}

/** Runs until `t` and returns the cwnd just before the reduction and at the end. */
function cwndAround(sim: Sim, tx: TcpSender, reduceAtNs: Ns, endNs: Ns): { before: number; after: number } {
  sim.runUntil(reduceAtNs);
  const before = tx.snd_cwnd;
  sim.runUntil(endNs);
  return { before, after: tx.snd_cwnd };
}

describe('timestamp undo', () => {
  const seg = (skb: Skb): number => Math.round(skb.seq / MSS);

  it('undoes a fast retransmit when the delayed original fills the hole first', () => {
    // Segment 200's first copy is 60 ms late; retransmissions take 100 ms.
    const { sim, tx } = path((skb) => (skb.isRetransmit ? ms(100) : seg(skb) === 200 ? ms(70) : ms(10)));
    const { before, after } = cwndAround(sim, tx, ms(100), ms(400));
    expect(tx.ack.retransmits).toBe(1);
    expect(tx.ack.undo.count).toBe(1);
    expect(tx.ack.caState).toBe('open');
    expect(after).toBeGreaterThanOrEqual(before);
  });

  it('keeps the reduction when the segment was really lost', () => {
    let dropped = false;
    const { sim, tx } = path((skb) => {
      if (seg(skb) === 200 && !dropped) {
        dropped = true;
        return Infinity;
      }
      return skb.isRetransmit ? ms(100) : ms(10);
    });
    sim.runUntil(ms(400));
    expect(tx.ack.retransmits).toBe(1);
    expect(tx.ack.undo.count).toBe(0);
  });

  it('undoes an RTO when the whole window was only delayed', () => {
    // The path stalls from 100 ms to 1.6 s and then delivers in order: the RTO
    // fires during the stall, and the originals arrive before the retransmissions.
    const { sim, tx } = path((_skb, now) => (now >= ms(100) ? Math.max(ms(10), ms(1600) - now) : ms(10)));
    sim.runUntil(ms(100));
    const before = tx.snd_cwnd;
    sim.runUntil(ms(1700));
    expect(tx.ack.rtoCount).toBeGreaterThan(0);
    expect(tx.ack.undo.count).toBe(1);
    expect(tx.snd_cwnd).toBeGreaterThanOrEqual(before);
  });
});
