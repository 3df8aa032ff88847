/**
 * HyStart per kernel generation (./hystart.ts) against net/ipv4/tcp_cubic.c,
 * every expected value worked out by hand from the era's code: the ACK-train
 * threshold (halved or not by sk_pacing_status, hystart_ack_delay from
 * sk_pacing_rate), the delay threshold and its clamp, hystart_low_window, the
 * eight samples, and where the round resets.
 */
import { describe, expect, it } from 'vitest';
import { ERAS } from '../../../scenario/eras';
import { PacingStatus } from '../../skb';
import type { CcSock, RateSample } from './cc';
import { Cubic } from './cubic';
import { HYSTART_ACK_TRAIN, HYSTART_DELAY, type HystartRule } from './hystart';

type Sock = { -readonly [K in keyof CcSock]: CcSock[K] };

function sock(cwnd: number, packetsOut: number): Sock {
  return {
    snd_cwnd: cwnd,
    snd_ssthresh: 0x7fffffff,
    mss: 1448,
    srttNs: 0,
    minRttNs: Infinity,
    packetsOut,
    inFlight: packetsOut,
    deliveredBytes: 0,
    isCwndLimited: true,
    pacingRateBytesPerSec: Infinity,
    nowNs: 0,
  };
}

const sample = (rttNs: number, deliveredTotal: number): RateSample => ({
  deliveryRateBytesPerSec: -1,
  intervalNs: -1,
  deliveredPkts: 1,
  lossesPkts: 0,
  rttNs,
  isAppLimited: false,
  priorDeliveredPkts: 0,
  deliveredTotalPkts: deliveredTotal,
});

interface Train {
  rule: HystartRule;
  /** First ACK time (ns) and spacing (ns); ACK k (1-based) arrives at t0 + (k − 1) · gap. */
  t0?: number;
  gapNs: number;
  rttNs: number;
  cwnd?: number;
  packetsOut?: number;
  limited?: boolean;
  pacingRate?: number;
  status?: PacingStatus;
  acks?: number;
  gsoMaxSizeBytes?: number;
}

/** Feeds ACKs with a flat RTT; returns the 1-based ACK at which HyStart fired (0: never) and the CUBIC. */
function runTrain(o: Train): { firedAt: number; cubic: Cubic; sk: Sock } {
  const sk = sock(o.cwnd ?? 10, 0);
  sk.isCwndLimited = o.limited ?? true;
  sk.pacingRateBytesPerSec = o.pacingRate ?? Infinity;
  sk.sk_pacing_status = o.status ?? PacingStatus.NONE;
  const cubic = new Cubic(1000, { hystart: o.rule, gsoMaxSizeBytes: o.gsoMaxSizeBytes });
  cubic.init(sk); // at t = 0, nothing sent yet: round_start = last_ack = 0, end_seq = snd_nxt
  sk.packetsOut = sk.inFlight = o.packetsOut ?? 1000;
  for (let k = 1; k <= (o.acks ?? 200); k++) {
    sk.nowNs = (o.t0 ?? 1_000_000) + (k - 1) * o.gapNs;
    cubic.onAck(sk, 1, sample(o.rttNs, k), false);
    if (cubic.hystartFound !== 0) return { firedAt: k, cubic, sk };
  }
  return { firedAt: 0, cubic, sk };
}

describe('HyStart ACK train', () => {
  // ACKs 100 µs apart from t = 1 ms, RTT 10 ms, cwnd 10 growing by one per ACK (slow start):
  // HyStart looks from ACK 7 (cwnd 16 before the ACK's own increase).
  const base = { gapNs: 100_000, rttNs: 10_000_000 };

  it('v4.x (ms clock): fires when now − round_start > delay_min / 2 in ms', () => {
    // delay_min = (10000 << 3) / 1000 = 80; 80 >> 4 = 5 ms. The round resets in cong_avoid at ACK 1
    // (round_start 1 ms); 7 ms − 1 ms = 6 > 5 first at t = 7.0 ms, ACK 61.
    expect(runTrain({ ...base, rule: 'ms' }).firedAt).toBe(61);
  });

  it('v5.6+ unpaced: (delay_min + hystart_ack_delay) / 2 in µs; paced: not halved', () => {
    // sk_pacing_rate ~0 (Infinity here): hystart_ack_delay = 0, threshold = 10000 >> 1 = 5000 µs;
    // round_start 1000 µs: t − 1000 > 5000 first at t = 6100 µs, ACK 52.
    expect(runTrain({ ...base, rule: 'us-min-fix' }).firedAt).toBe(52);
    // FQ or SK_PACING_NEEDED: threshold = 10000 µs: t > 11000 first at 11100 µs, ACK 102.
    expect(runTrain({ ...base, rule: 'us-min-fix', status: PacingStatus.FQ }).firedAt).toBe(102);
    expect(runTrain({ ...base, rule: 'us-min-fix', status: PacingStatus.NEEDED }).firedAt).toBe(102);
  });

  it('hystart_ack_delay: min(1 ms, 4 · GSO_MAX_SIZE / sk_pacing_rate), sk_gso_max_size from v5.19', () => {
    const c = (rule: HystartRule) => new Cubic(1000, { hystart: rule, gsoMaxSizeBytes: 65536 }).hystart;
    // 1 Gbit/s (125e6 B/s): 65536 · 4e6 / 125e6 = 2097 µs, capped at 1000.
    expect(c('us').ackDelayUs(125e6)).toBe(1000);
    // 10 Gbit/s: 262144e6 / 1.25e9 = 209.7 → 209; from v5.19 sk_gso_max_size = 65536 − 321 = 65215 → 208.
    expect(c('us').ackDelayUs(1.25e9)).toBe(209);
    expect(c('us-round-per-ack').ackDelayUs(1.25e9)).toBe(208);
    expect(c('us').ackDelayUs(Infinity)).toBe(0); // sk_pacing_rate not set yet (~0UL)
    // In the train: 10 Gbit/s unpaced → threshold (10000 + 209) >> 1 = 5104 µs: t − 1000 > 5104
    // first at 6200 µs, ACK 53; at 1 Gbit/s (10000 + 1000) >> 1 = 5500: t > 6500 first at 6600, ACK 57.
    expect(runTrain({ ...base, rule: 'us', pacingRate: 1.25e9 }).firedAt).toBe(53);
    expect(runTrain({ ...base, rule: 'us', pacingRate: 125e6 }).firedAt).toBe(57);
    // Paced at 1 Gbit/s: 11000 µs, t > 12000 first at 12100, ACK 112.
    const paced = runTrain({ ...base, rule: 'us', pacingRate: 125e6, status: PacingStatus.FQ });
    expect(paced.firedAt).toBe(112);
    expect(paced.cubic.hystartFound).toBe(HYSTART_ACK_TRAIN);
    expect(paced.cubic.hystart.trainDetect).toBe(1);
    // ssthresh = the cwnd HyStart saw: 10 + 111 earlier ACKs.
    expect(paced.sk.snd_ssthresh).toBe(121);
    expect(paced.cubic.hystart.trainCwnd).toBe(121);
  });

  it('ACKs more than hystart_ack_delta (2 ms) apart never make a train', () => {
    const held = { ...base, cwnd: 16, limited: false };
    expect(runTrain({ ...held, rule: 'ms', gapNs: 3_000_000 }).firedAt).toBe(0);
    expect(runTrain({ ...held, rule: 'us-reset-first', gapNs: 2_001_000 }).firedAt).toBe(0);
    // 2000 µs exactly is still a train ((s32)(now − last_ack) <= hystart_ack_delta_us): round_start
    // 1000 µs, ACK k at 1000 + 2000 (k − 1): 6000 > 5000 at ACK 4.
    expect(runTrain({ ...held, rule: 'us-reset-first', gapNs: 2_000_000 }).firedAt).toBe(4);
    // last_ack moves only inside the train test: rounds reset while cwnd < 16 (6.14) leave it at
    // the round start, so ACKs 2 ms apart from cwnd 10 find it 12 ms old at cwnd 16 and never train.
    expect(runTrain({ ...base, rule: 'us-reset-first', gapNs: 2_000_000 }).firedAt).toBe(0);
  });
});

describe('HyStart rounds and the low window', () => {
  const base = { gapNs: 100_000, rttNs: 10_000_000 };

  it('5.16–6.13 count rounds only from cwnd 16; 6.14 (25c1a9ca53db) from the start', () => {
    // 'us-round-per-ack': nothing runs below cwnd 16, so the round resets at ACK 7 (1.6 ms):
    // t − 1600 > 5000 first at 6700 µs, ACK 58. 'us-reset-first' resets at ACK 1 (1.0 ms): ACK 52.
    expect(runTrain({ ...base, rule: 'us-round-per-ack' }).firedAt).toBe(58);
    expect(runTrain({ ...base, rule: 'us-reset-first' }).firedAt).toBe(52);
  });

  it('below hystart_low_window (16) neither detector runs', () => {
    // cwnd pinned at 15 (not cwnd-limited, so it does not grow): a train of 200 ACKs over 20 ms.
    for (const rule of ['ms', 'us', 'us-reset-first'] as const) {
      expect(runTrain({ ...base, rule, cwnd: 15, limited: false }).firedAt).toBe(0);
      expect(runTrain({ ...base, rule, cwnd: 16, limited: false }).firedAt).toBeGreaterThan(0);
    }
  });

  it('3.6 runs HyStart while snd_cwnd <= snd_ssthresh; later kernels while snd_cwnd < snd_ssthresh', () => {
    const atSsthresh = (rule: HystartRule) => {
      const sk = sock(20, 0);
      sk.snd_ssthresh = 20;
      sk.isCwndLimited = false;
      const cubic = new Cubic(1000, { hystart: rule });
      cubic.init(sk);
      sk.packetsOut = 1000;
      for (let k = 1; k <= 100; k++) {
        sk.nowNs = 1_000_000 + (k - 1) * 100_000;
        cubic.onAck(sk, 1, sample(10_000_000, k), false);
      }
      return cubic.hystart.found;
    };
    // The init round (round_start 0) never resets here: 80 >> 4 = 5 ms, so the train fires.
    expect(atSsthresh('ms-16th')).toBe(HYSTART_ACK_TRAIN);
    expect(atSsthresh('ms')).toBe(0);
  });

  it('up to 5.15 a flow that is not cwnd-limited never ends its round (the bug 4e1fddc98d25 fixed)', () => {
    // Two packets out, ACKs 1.5 ms apart (a train), cwnd 20 not cwnd-limited: the round that
    // started at init (t = 0) never resets in cong_avoid, so now − 0 > 5000 µs fires at 5.5 ms (ACK 4).
    const rpc = { gapNs: 1_500_000, rttNs: 10_000_000, cwnd: 20, packetsOut: 2, limited: false };
    expect(runTrain({ ...rpc, rule: 'us-min-fix' }).firedAt).toBe(4);
    // From 5.16 each ACK past end_seq resets: a round spans three ACKs, 3 ms < 5 ms, never fires.
    expect(runTrain({ ...rpc, rule: 'us-round-per-ack' }).firedAt).toBe(0);
    expect(runTrain({ ...rpc, rule: 'us-reset-first' }).firedAt).toBe(0);
  });
});

describe('HyStart delay increase', () => {
  const resetsAfterSample = (rule: HystartRule) => ['ms-16th', 'ms', 'us', 'us-min-fix'].includes(rule);
  /**
   * ACK 1 at `minMs` sets delay_min in the round cubictcp_init opened (one packet out, so it does
   * not end it); ACK 2 ends that round. Up to 5.15 the reset comes in cong_avoid, after ACK 2's
   * sample went to the old round, so a filler ACK precedes the round; from 5.16 ACK 2's sample is
   * the round's first. Then `roundMs`, 3 ms apart (no train), cwnd 20 held (not cwnd-limited).
   * Returns the 1-based sample of `roundMs` at which it fired (0: never).
   */
  function delayRound(rule: HystartRule, minMs: number, roundMs: number[], filler = true): number {
    const sk = sock(20, 1);
    const cubic = new Cubic(1000, { hystart: rule });
    cubic.init(sk);
    sk.nowNs = 1_000_000;
    cubic.onAck(sk, 1, sample(minMs * 1e6, 1), false);
    sk.packetsOut = sk.inFlight = 1000;
    const values = filler && resetsAfterSample(rule) ? [roundMs[0], ...roundMs] : roundMs;
    const skip = values.length - roundMs.length;
    for (let i = 0; i < values.length; i++) {
      sk.nowNs = 1_000_000 + (i + 1) * 3_000_000;
      sk.isCwndLimited = i === 0; // only ACK 2 may reach cong_avoid's reset
      cubic.onAck(sk, 1, sample(values[i] * 1e6, 2 + i), false);
      if (cubic.hystartFound) {
        expect(cubic.hystartFound).toBe(HYSTART_DELAY);
        expect(cubic.hystart.delayDetect).toBe(1);
        return i + 1 - skip;
      }
    }
    return 0;
  }
  const nine = (ms: number) => Array<number>(9).fill(ms);

  it('fires on the ninth sample of the round: eight make curr_rtt, the ninth compares', () => {
    for (const rule of ['ms-16th', 'ms', 'us', 'us-min-fix', 'us-round-per-ack', 'us-reset-first'] as const) {
      expect(delayRound(rule, 100, Array<number>(20).fill(130))).toBe(9);
    }
    // Without the filler, up to 5.15 the first value went to the old round: one sample later.
    expect(delayRound('ms', 100, Array<number>(20).fill(130), false)).toBe(10);
    expect(delayRound('us-min-fix', 100, Array<number>(20).fill(130), false)).toBe(10);
    expect(delayRound('us-reset-first', 100, Array<number>(20).fill(130), false)).toBe(9);
  });

  it('3.6 (delay_min/16) vs 4.x (delay_min/8) vs 5.6+ (µs), delay_min 100 ms', () => {
    // 'ms-16th': 800 + clamp(800 >> 4 = 50, 32, 128) = 850 → fires above 106.25 ms (850/8).
    expect(delayRound('ms-16th', 100, nine(106.25))).toBe(0);
    expect(delayRound('ms-16th', 100, nine(106.375))).toBe(9);
    // 'ms': 800 + 100 = 900 → above 112.5 ms; 112.625 ms is 901.
    expect(delayRound('ms', 100, nine(112.5))).toBe(0);
    expect(delayRound('ms', 100, nine(112.624))).toBe(0); // (112624 << 3) / 1000 = 900
    expect(delayRound('ms', 100, nine(112.625))).toBe(9);
    // 'us': 100000 + 12500 µs → 112.501 ms fires, 112.5 does not.
    expect(delayRound('us', 100, nine(112.5))).toBe(0);
    expect(delayRound('us', 100, nine(112.501))).toBe(9);
  });

  it('the threshold is clamped to 4 ms and 16 ms', () => {
    // delay_min 10 ms: 12.5 % is 1.25 ms → 4 ms; delay_min 300 ms: 37.5 ms → 16 ms.
    for (const rule of ['ms-16th', 'ms', 'us', 'us-reset-first'] as const) {
      expect(delayRound(rule, 10, nine(14))).toBe(0);
      expect(delayRound(rule, 10, nine(14.125))).toBe(9);
      expect(delayRound(rule, 300, nine(316))).toBe(0);
      expect(delayRound(rule, 300, nine(316.125))).toBe(9);
    }
  });

  it('a drop in min RTT after eight samples: spurious exit until v5.8 lowers curr_rtt with every sample', () => {
    // Eight samples at 150 ms (curr_rtt 150), then 100 ms: delay_min falls to 100, and
    // 150 > 100 + 12.5 fires unless the 100 ms sample also lowered curr_rtt.
    const drop = [...Array<number>(8).fill(150), 100];
    expect(delayRound('us', 150, drop)).toBe(9);
    expect(delayRound('ms', 150, drop)).toBe(9);
    expect(delayRound('us-min-fix', 150, drop)).toBe(0);
    expect(delayRound('us-reset-first', 150, drop)).toBe(0);
  });
});

describe('HyStart by era', () => {
  it('each era carries its generation', () => {
    const rule = (id: keyof typeof ERAS) => ERAS[id].kernel.hystart;
    expect(rule('3.6')).toBe('ms-16th');
    expect(['4.1', '4.9', '4.16', '4.17', '5.4'].map((id) => rule(id as keyof typeof ERAS))).toEqual(
      Array<HystartRule>(5).fill('ms'),
    );
    expect([rule('6.1'), rule('6.6')]).toEqual(['us-round-per-ack', 'us-round-per-ack']);
    expect(rule('6.16')).toBe('us-reset-first');
  });
});
