/**
 * What ss -ti counts, as the sender and receiver keep it: retransmitted
 * segments (tcpi_total_retrans), D-SACKs for duplicates (tcp_dsack_set), and
 * reordering (tcp_check_sack_reordering: tcpi_reordering, tcpi_reord_seen).
 */
import { describe, expect, it } from 'vitest';
import { ERAS } from '../../scenario/eras';
import { RCV_TUNING, RX_BUF_BYTES } from '../../scenario/rcv-eras';
import { Skb, SkbKind } from '../skb';
import { MSS, ms, tcpPath } from './tcp-testpath';

const BUFFER = { tuning: RCV_TUNING['6.6'], soRcvbufBytes: null, rxBufBytes: RX_BUF_BYTES };
/** Segment index of a data skb (1-MSS skbs on the test path). */
const idx = (seq: number) => Math.round(seq / MSS);

describe('ss -ti counters', () => {
  it('originals delivered below SACKed data: reordering seen, nothing retransmitted', () => {
    // Nothing arrives by itself: the test writes the receiver's ACKs.
    const { sim, tx } = tcpPath(() => Infinity, ERAS['6.6'].kernel, BUFFER);
    sim.runUntil(ms(1));
    expect(tx.packetsOut).toBe(10);
    const ack = (ackSeq: number, sack: number[]) => {
      const a = new Skb();
      a.kind = SkbKind.ACK;
      a.ackSeq = ackSeq;
      a.sack = sack;
      a.windowBytes = 1 << 20;
      a.createdNs = sim.nowNs;
      tx.receiveAck(a);
      sim.runUntil(sim.nowNs + 1000);
    };
    // Segment 2 arrives first (SACKed; one above the hole, too few to mark it lost) …
    ack(0, [2 * MSS, 3 * MSS]);
    expect(tx.ack.reordSeen).toBe(0);
    // … then the originals of 0 and 1: reordering seen; fack − low_seq = 3 segments, not more
    // than tp->reordering (3) · mss, so the degree stays 3.
    ack(3 * MSS, []);
    expect(tx.ack.reordSeen).toBe(1);
    expect(tx.ack.reordering).toBe(3);
    expect(tx.totalRetrans).toBe(0);
  });

  it('a lost segment is retransmitted once; a late original then arrives as a duplicate: one D-SACK', () => {
    const path = tcpPath(
      // Segment 40 arrives 30 ms late: long after its retransmission.
      (skb) => ms(5) + (idx(skb.seq) === 40 && !skb.isRetransmit ? ms(30) : idx(skb.seq)),
      ERAS['6.6'].kernel,
      BUFFER,
    );
    path.sim.runUntil(ms(300));
    expect(path.tx.totalRetrans).toBe(1);
    expect(path.rx.dsacks).toBe(1);
  });
});
