/**
 * Undo of a reduction that timestamps prove spurious (net/ipv4/tcp_input.c:
 * tcp_packet_delayed, tcp_try_undo_partial, tcp_try_undo_loss): a sender and
 * a receiver joined by a path whose delay the test chooses per segment.
 */
import { describe, expect, it } from 'vitest';
import type { Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import type { TcpSender } from './sender';
import { ERAS } from '../../scenario/eras';
import { RCV_TUNING, RX_BUF_BYTES } from '../../scenario/rcv-eras';
import { MSS, ms, tcpPath } from './tcp-testpath';

const BUFFER_4_9 = { tuning: RCV_TUNING['4.9'], soRcvbufBytes: null, rxBufBytes: RX_BUF_BYTES };

const path = (delay: Parameters<typeof tcpPath>[0]) => tcpPath(delay, ERAS['4.9'].kernel, BUFFER_4_9);

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

  it('undoes an RTO when the whole flight was only delayed', () => {
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
