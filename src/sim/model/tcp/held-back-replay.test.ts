/**
 * Flows held back by TSQ, pacing, the receive window and the application,
 * replayed step by step against the kernel's rules written out here by hand:
 *
 * - at the end of each tcp_write_xmit (net/ipv4/tcp_output.c):
 *   `is_cwnd_limited |= tcp_packets_in_flight(tp) >= tcp_snd_cwnd(tp)`, then
 *   tcp_cwnd_validate: the window tracking of 3.16 (ca8a22634381: take the
 *   flight if `!before(snd_una, max_packets_seq) || packets_out >
 *   max_packets_out`) or of 6.0 (f4ce91ce12a7: also when cwnd-limited, and a
 *   larger flight only while is_cwnd_limited is clear; cwnd_usage_seq), then
 *   snd_cwnd_used / snd_cwnd_stamp and tcp_cwnd_application_limited once the
 *   stamp is an RTO old: cwnd = (cwnd + max(snd_cwnd_used, init_cwnd)) / 2;
 * - on each ACK: tcp_is_cwnd_limited (6.0: the flag first; slow start:
 *   `snd_cwnd < 2 * max_packets_out`; else the flag) gates Reno's
 *   tcp_slow_start (`cwnd = min(cwnd + acked, ssthresh)`) and, with what is
 *   left of acked, tcp_cong_avoid_ai(tp, cwnd, acked) (snd_cwnd_cnt); each
 *   replay runs from slow start and from congestion avoidance (ssthresh 24);
 *   tcp_cong_avoid stamps snd_cwnd_stamp, and tcp_update_pacing_rate sets
 *   `mss · (USEC_PER_SEC / 100 << 3) · ratio · max(cwnd, packets_out) / srtt_us`
 *   with ratio tcp_pacing_ss_ratio (200) while cwnd < ssthresh / 2, else
 *   tcp_pacing_ca_ratio (120), capped by sk_max_pacing_rate.
 *
 * Each replay also checks that the hold is the one named (the sender's
 * limit chrono) and that cwnd stops where the kernel stops it.
 */
import { describe, expect, it } from 'vitest';
import type { Ns } from '../../engine/time';
import { ERAS, type EraId } from '../../scenario/eras';
import { RCV_TUNING, RX_BUF_BYTES } from '../../scenario/rcv-eras';
import type { Skb } from '../skb';
import type { LimitReason } from './limit-chrono';
import type { TcpSender } from './sender';
import { MSS, ms, tcpPath } from './tcp-testpath';

type Rule = 'max-packets' | 'usage-seq';

/** The kernel's tcp_sock fields these rules keep, updated by hand at each step. */
class KernelShadow {
  isCwndLimited = false;
  maxPacketsOut = 0;
  /** max_packets_seq (3.16) / cwnd_usage_seq (6.0). */
  seq = 0;
  cwndUsed = 0;
  stampNs = 0;
  /** tp->snd_cwnd_cnt. */
  cwndCnt = 0;
  constructor(readonly rule: Rule) {}

  /** tcp_reno_cong_avoid() once tcp_is_cwnd_limited() said yes: the new cwnd. */
  renoCongAvoid(cwnd: number, ssthresh: number, acked: number): number {
    if (cwnd < ssthresh) {
      const ss = Math.min(cwnd + acked, ssthresh); // tcp_slow_start
      acked -= ss - cwnd;
      cwnd = ss;
      if (acked === 0) return cwnd;
    }
    // tcp_cong_avoid_ai(tp, cwnd, acked)
    const w = cwnd;
    if (this.cwndCnt >= w) {
      this.cwndCnt = 0;
      cwnd++;
    }
    this.cwndCnt += acked;
    if (this.cwndCnt >= w) {
      const delta = Math.floor(this.cwndCnt / w);
      this.cwndCnt -= delta * w;
      cwnd += delta;
    }
    return cwnd;
  }

  /** tcp_is_cwnd_limited(). */
  limited(cwnd: number, ssthresh: number): boolean {
    if (this.rule === 'usage-seq' && this.isCwndLimited) return true;
    if (cwnd < ssthresh) return cwnd < 2 * this.maxPacketsOut;
    return this.isCwndLimited;
  }

  /** The window tracking of tcp_cwnd_validate(). */
  track(packetsOut: number, sndUna: number, sndNxt: number, isCwndLimited: boolean): void {
    const newWindow = sndUna >= this.seq; // !before(snd_una, seq)
    const take =
      this.rule === 'usage-seq'
        ? newWindow || isCwndLimited || (!this.isCwndLimited && packetsOut > this.maxPacketsOut)
        : newWindow || packetsOut > this.maxPacketsOut;
    if (!take) return;
    this.isCwndLimited = isCwndLimited;
    this.maxPacketsOut = packetsOut;
    this.seq = sndNxt;
  }
}

interface Replay {
  acks: number;
  /** ACKs on which tcp_is_cwnd_limited said no: cwnd had to stay. */
  heldAcks: number;
  validates: number;
  appLimitedCuts: number;
  /** The largest max_packets_out of the run (3.16 forgets it at each new window). */
  peakMaxOut: number;
}

/**
 * Hooks the sender's tcp_write_xmit validation and its ACK processing and,
 * at each, compares cwnd, ssthresh, max_packets_out, is_cwnd_limited and
 * the pacing rate with the shadow's.
 */
function replay(tx: TcpSender, rule: Rule, initCwnd: number): Replay {
  const k = new KernelShadow(rule);
  const r: Replay = { acks: 0, heldAcks: 0, validates: 0, appLimitedCuts: 0, peakMaxOut: 0 };
  const now = () => tx.nowNs;

  const validate = tx.cwndValidate.bind(tx);
  tx.cwndValidate = (isCwndLimited: boolean, sameLoop = false) => {
    expect(sameLoop).toBe(false); // one MSS per skb: no TSO deferral here
    const inFlight = tx.inFlight;
    // is_cwnd_limited |= (tcp_packets_in_flight(tp) >= tcp_snd_cwnd(tp))
    if (inFlight >= tx.snd_cwnd) expect(isCwndLimited).toBe(true);
    const cwnd = tx.snd_cwnd;
    const ssthresh = tx.snd_ssthresh;
    k.track(tx.packetsOut, tx.sndUna, tx.sndNxt, isCwndLimited);
    r.peakMaxOut = Math.max(r.peakMaxOut, k.maxPacketsOut);
    let expCwnd = cwnd;
    let expSsthresh = ssthresh;
    if (k.limited(cwnd, ssthresh)) {
      k.cwndUsed = 0;
      k.stampNs = now();
    } else {
      if (tx.packetsOut > k.cwndUsed) k.cwndUsed = tx.packetsOut;
      if (now() - k.stampNs >= tx.rtoNs()) {
        // tcp_cwnd_application_limited (CA_Open; the writer is not waiting for memory here)
        const winUsed = Math.max(k.cwndUsed, initCwnd);
        if (winUsed < cwnd) {
          expSsthresh = Math.max(ssthresh, (cwnd >> 1) + (cwnd >> 2));
          expCwnd = (cwnd + winUsed) >> 1;
          r.appLimitedCuts++;
        }
        k.cwndUsed = 0;
        k.stampNs = now();
      }
    }
    validate(isCwndLimited, sameLoop);
    r.validates++;
    expect(tx.snd_cwnd).toBe(expCwnd);
    expect(tx.snd_ssthresh).toBe(expSsthresh);
    expect(tx.cwndValidation.maxPacketsOut).toBe(k.maxPacketsOut);
    expect(tx.isCwndLimited).toBe(k.limited(tx.snd_cwnd, tx.snd_ssthresh));
  };

  const ap = tx.ack as unknown as { onAck(ack: Skb, nowNs: Ns): void };
  const onAck = ap.onAck.bind(ap);
  ap.onAck = (ack: Skb, nowNs: Ns) => {
    const cwnd = tx.snd_cwnd;
    const ssthresh = tx.snd_ssthresh;
    const out = tx.packetsOut;
    const una = tx.sndUna;
    const limited = k.limited(cwnd, ssthresh);
    onAck(ack, nowNs);
    if (tx.sndUna === una) return; // nothing newly acked: no cong_avoid
    r.acks++;
    const acked = out - tx.packetsOut; // clean path: no SACK, no loss
    expect(tx.ack.retransmits).toBe(0);
    expect(tx.snd_cwnd).toBe(limited ? k.renoCongAvoid(cwnd, ssthresh, acked) : cwnd);
    expect(tx.snd_ssthresh).toBe(ssthresh);
    if (!limited) r.heldAcks++;
    k.stampNs = nowNs; // tcp_cong_avoid: tp->snd_cwnd_stamp = tcp_jiffies32
    const srttUs8 = Math.floor((tx.srttNs * 8) / 1000);
    const ratio = tx.snd_cwnd < Math.floor(tx.snd_ssthresh / 2) ? 200 : 120;
    const rate = Math.floor((MSS * 80_000 * ratio * Math.max(tx.snd_cwnd, tx.packetsOut)) / srttUs8);
    expect(tx.pacingRateBytesPerSec).toBe(Math.min(rate, tx.cfg.maxPacingRateBytesPerSec));
  };
  return r;
}

function buffer(era: EraId, soRcvbufBytes: number | null = null) {
  const tuning = RCV_TUNING[era === '6.6' ? '6.6' : '4.9'];
  return { tuning, soRcvbufBytes, rxBufBytes: RX_BUF_BYTES };
}

/** The limit the sender spent most time in (tcp_chrono, ./limit-chrono.ts). */
function mainLimit(tx: TcpSender): LimitReason {
  const t = tx.limits.times(tx.nowNs);
  return (Object.keys(t) as LimitReason[]).reduce((a, b) => (t[b] > t[a] ? b : a));
}

interface Situation {
  name: string;
  limit: LimitReason;
  eras: [EraId, Rule][];
  opts: Parameters<typeof tcpPath>[3];
  rcvbuf?: number;
  /** The largest flight the hold allows (packets). */
  maxFlight: number;
}

const BOTH: [EraId, Rule][] = [
  ['4.9', 'max-packets'],
  ['6.6', 'usage-seq'],
];

const SITUATIONS: Situation[] = [
  {
    // SO_RCVBUF 64 KB is doubled to 128 KB of truesize; 4.9's tcp_adv_win_scale 1 advertises half
    // of it (44 segments), 6.6's scaling_ratio less.
    name: 'the receive window (SO_RCVBUF 64 KB)',
    limit: 'rwnd',
    eras: BOTH,
    opts: {},
    rcvbuf: 65536,
    maxFlight: 45,
  },
  {
    // 16 KB writes at 20 Mbit/s over a 10 ms path: two or three writes (23–34 packets) in flight.
    name: 'the application (iperf3 -b 20M -l 16K)',
    limit: 'app',
    eras: BOTH,
    opts: { app: { kind: 'rate', rateBps: 20e6, writeBytes: 16384, pacingTimerUs: 1000 } },
    maxFlight: 34,
  },
  {
    // 8 KB of truesize below the socket in front of a 100 Mbit/s device: ~86 packets a 10 ms round.
    name: 'TSQ (tcp_limit_output_bytes 8 KB, a 100 Mbit/s device)',
    limit: 'tsq',
    eras: BOTH,
    opts: { limitOutputBytes: 8192, txRateBytesPerSec: 12.5e6 },
    maxFlight: 90,
  },
  {
    // 2.5 MB/s over 10 ms: ~17 packets a round (one hrtimer per skb in 4.17, EDT in 6.6).
    name: 'pacing (SO_MAX_PACING_RATE 2.5 MB/s)',
    limit: 'pacing',
    eras: [
      ['4.17', 'max-packets'],
      ['6.6', 'usage-seq'],
    ],
    opts: { maxPacingRateBytesPerSec: 2.5e6 },
    maxFlight: 20,
  },
];

describe('flows held back, replayed against the kernel per ACK and per send', () => {
  for (const sit of SITUATIONS) {
    for (const [era, rule] of sit.eras) {
      for (const phase of ['slow start', 'congestion avoidance'] as const) {
        it(`${era}: held by ${sit.name}, ${phase}`, () => {
          const buf = buffer(era, sit.rcvbuf ?? null);
          const { sim, tx } = tcpPath(() => ms(5), ERAS[era].kernel, buf, { ...sit.opts, cc: 'reno' });
          if (phase === 'congestion avoidance') tx.snd_ssthresh = 24;
          const r = replay(tx, rule, 10);
          sim.runUntil(ms(2000));
          expect(mainLimit(tx)).toBe(sit.limit);
          // The hold is real: most ACKs found the flow not cwnd-limited, and the flight stayed small.
          expect(r.heldAcks).toBeGreaterThan(r.acks / 2);
          expect(r.peakMaxOut).toBeLessThanOrEqual(sit.maxFlight);
          // Slow start grows while cwnd < 2 · max_packets_out (a delayed ACK's second segment may
          // add one more); congestion avoidance only in windows where the flight reached cwnd.
          const bound = phase === 'slow start' ? 2 * r.peakMaxOut + 1 : Math.max(r.peakMaxOut + 1, 24);
          expect(tx.snd_cwnd).toBeLessThanOrEqual(bound);
          if (sit.limit === 'pacing') expect(tx.pacingRateBytesPerSec).toBe(2.5e6);
        });
      }
    }
  }
});
