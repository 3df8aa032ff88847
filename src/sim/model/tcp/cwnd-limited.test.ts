/**
 * tcp_cwnd_validate with TSO deferral (net/ipv4/tcp_output.c): when
 * tcp_tso_should_defer holds back the last segment of the cwnd for want of
 * cwnd, the loop that just sent still counts as cwnd-limited, so congestion
 * avoidance keeps growing cwnd whatever its parity.
 */
import { describe, expect, it } from 'vitest';
import { ERAS } from '../../scenario/eras';
import { RCV_TUNING, RX_BUF_BYTES } from '../../scenario/rcv-eras';
import { MSS, ms, tcpPath } from './tcp-testpath';

const BUFFER_4_9 = { tuning: RCV_TUNING['4.9'], soRcvbufBytes: null, rxBufBytes: RX_BUF_BYTES };

describe('cwnd-limited with TSO deferral', () => {
  it('CUBIC keeps growing cwnd in congestion avoidance with 2-segment TSO goals', () => {
    let dropped = false;
    // 150 ms one way: the pacing rate stays low, so tcp_tso_autosize asks for min_tso_segs (2).
    const { sim, tx } = tcpPath(
      (skb) => {
        if (!dropped && Math.round(skb.seq / MSS) === 40) {
          dropped = true;
          return Infinity;
        }
        return ms(150);
      },
      ERAS['4.9'].kernel,
      BUFFER_4_9,
      { gsoMode: 'tso' },
    );
    sim.runUntil(ms(2000));
    expect(tx.ack.retransmits).toBe(1);
    expect(tx.snd_cwnd).toBeGreaterThanOrEqual(tx.snd_ssthresh); // congestion avoidance
    expect(tx.tsoGoal()).toBe(2);
    const start = tx.snd_cwnd;
    sim.runUntil(ms(20_000));
    expect(tx.ack.retransmits).toBe(1);
    expect(tx.snd_cwnd).toBeGreaterThan(start + 20);
  });
});
