/**
 * Connection set-up against the kernel's arithmetic, computed by hand
 * (./handshake.ts): tcp_rcv_synsent_state_process → tcp_ack_update_rtt →
 * tcp_rtt_estimator (first sample: srtt = m, rttvar = max(2m, 200 ms)),
 * tcp_update_pacing_rate with TCP_INIT_CWND and tcp_init_transfer; and a
 * flow that connects behind a standing queue samples that queue.
 */
import { describe, expect, it } from 'vitest';
import type { Ns } from '../../engine/time';
import { ERAS } from '../../scenario/eras';
import { RCV_TUNING, RX_BUF_BYTES } from '../../scenario/rcv-eras';
import { buildModel } from '../../run';
import { findPreset } from '../../scenario/presets/index';
import { validateScenario } from '../../scenario/validate';
import { ms, tcpPath } from './tcp-testpath';

/** One sender and receiver, 5 ms each way; `lose(n)` drops the n-th SYN (0-based). */
function connectPath(cc: 'cubic' | 'reno', lose: (synIndex: number) => boolean = () => false) {
  let syns = 0;
  const dataSent: Ns[] = [];
  const buffer = { tuning: RCV_TUNING['6.6'], soRcvbufBytes: null, rxBufBytes: RX_BUF_BYTES };
  const path = tcpPath(
    (skb, now) => {
      if (skb.tcpFlags !== 0 && (skb.tcpFlags & 0x10) === 0 && lose(syns++)) return Infinity;
      if (skb.tcpFlags === 0) dataSent.push(now);
      return ms(5);
    },
    ERAS['6.6'].kernel,
    buffer,
    { cc, connect: true },
  );
  return { ...path, dataSent };
}

describe('connection set-up (tcp_rcv_synsent_state_process, tcp_init_transfer)', () => {
  it('the SYN-ACK seeds srtt, min_rtt, the RTO and the pacing rate; data follows it', () => {
    const { sim, tx, rx, dataSent } = connectPath('cubic');
    tx.connect(0);
    sim.runUntil(ms(10) - 1);
    expect(tx.srttNs).toBe(0);
    expect(dataSent).toEqual([]);
    sim.runUntil(ms(10));
    // m = 10000 µs: srtt_us = 8m, so srtt = 10 ms; mdev = 2m = 20 ms < rto_min, so rttvar = 200 ms.
    expect(tx.srttNs).toBe(ms(10));
    expect(tx.minRttNs).toBe(ms(10));
    expect(tx.ack.rtt.rtoNs).toBe(ms(210));
    // tcp_update_pacing_rate: 1448 · 80000 · 200 · max(10, 0) / 80000 = 2 896 000 B/s.
    expect(tx.pacingRateBytesPerSec).toBe(2_896_000);
    expect(tx.snd_cwnd).toBe(10);
    expect(tx.sndWnd.wnd).toBe(rx.initialWindowBytes);
    // The first data goes out as the SYN-ACK is processed, cwnd's worth of it.
    expect(dataSent[0]).toBe(ms(10));
    expect(dataSent.length).toBe(10);
  });

  it('a lost SYN: resent after TCP_TIMEOUT_INIT, ssthresh from CUBIC, the RTT from the echoed TSval', () => {
    const { sim, tx, dataSent } = connectPath('cubic', (n) => n === 0);
    tx.connect(0);
    sim.runUntil(ms(1010));
    // tcp_enter_loss: ssthresh = max(10 · 717 / 1024, 2) = 7; one retransmission keeps cwnd at 10.
    expect(tx.snd_ssthresh).toBe(7);
    expect(tx.snd_cwnd).toBe(10);
    // Sent at 1000 ms, answered at 1010 ms: 10 ticks of the 1 ms TS clock.
    expect(tx.srttNs).toBe(ms(10));
    expect(dataSent[0]).toBe(ms(1010));
  });

  it('two lost SYNs: cwnd starts at 1 (total_retrans > 1), the second timeout doubled to 2 s', () => {
    const { sim, tx, dataSent } = connectPath('reno', (n) => n < 2);
    tx.connect(0);
    sim.runUntil(ms(3010));
    expect(dataSent[0]).toBe(ms(3010));
    expect(tx.snd_cwnd).toBe(1);
    // Reno: ssthresh = max(cwnd / 2, 2) = 5 at each timeout (cwnd is still 10 in SYN_SENT).
    expect(tx.snd_ssthresh).toBe(5);
  });
});

describe('the handshake crosses the same queues as the data', () => {
  const run = (secondStartMs: number) => {
    const sc = findPreset('bench-wired')!.scenario();
    sc.router!.qdisc = { ...sc.router!.qdisc, kind: 'pfifo_fast' };
    sc.tcp.flows = 2;
    sc.tcp.perFlow = [0, secondStartMs].map((startMs, i) => ({
      name: `f${i}`,
      rttUs: null,
      startMs,
      stopMs: null,
      cc: null,
    }));
    sc.durationMs = secondStartMs + 1000;
    sc.warmupMs = 0;
    expect(validateScenario(sc)).toEqual([]);
    const m = buildModel(sc, 1);
    m.sim.runUntil(ms(secondStartMs + 1000));
    return m.senders.map((s) => s.minRttNs);
  };

  it('flows that connect together sample the idle path; one that connects behind a queue samples the queue', () => {
    const together = run(0);
    // Base RTT 2 × (0.1 + 10) ms = 20.2 ms; a SYN and SYN-ACK add their serialisation only.
    for (const minRtt of together) expect(minRtt).toBeLessThan(ms(20.5));
    const late = run(3000);
    expect(late[0]).toBeLessThan(ms(20.5));
    // By 3 s the first flow keeps pfifo_fast's queue standing: the SYN waits behind it.
    expect(late[1]).toBeGreaterThan(ms(25));
  });
});
