import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../engine/rng';
import { ms, sec } from '../../../engine/time';
import { Bbr } from './bbr';
import type { CcSock, RateSample } from './cc';
import { Testbed } from './cc-testbed';
import { createCc } from './index';

/** CcSock with everything writable, driven by hand. */
type FakeSock = { -readonly [K in keyof CcSock]: CcSock[K] };

function fakeSock(cwnd: number, srttNs = 0): FakeSock {
  return {
    snd_cwnd: cwnd,
    snd_ssthresh: 0x7fffffff,
    mss: 1448,
    srttNs,
    minRttNs: srttNs > 0 ? srttNs : Infinity,
    packetsOut: 0,
    inFlight: 0,
    deliveredBytes: 0,
    isCwndLimited: true,
    pacingRateBytesPerSec: 0,
    nowNs: 0,
  };
}

const ack = (delivered: number, losses = 0): RateSample => ({
  deliveryRateBytesPerSec: -1, // no bw sample: the model stays put
  intervalNs: -1,
  deliveredPkts: 1,
  lossesPkts: losses,
  rttNs: -1,
  isAppLimited: false,
  priorDeliveredPkts: delivered - 1,
  deliveredTotalPkts: delivered,
});

describe('BBR hooks', () => {
  it('initial pacing rate is high_gain · cwnd / RTT (1 ms before any RTT), with or without the margin', () => {
    const gain = 739 / 256;
    const sk = fakeSock(10);
    new Bbr(new Rng(1)).init(sk);
    expect(sk.pacingRateBytesPerSec / ((gain * 10 * 1448) / 1e-3) / 0.99).toBeCloseTo(1, 3); // fixed-point truncation ≈1e-4
    const old = fakeSock(10, ms(50));
    new Bbr(new Rng(1), { pacingMarginPercent: 0 }).init(old);
    expect(old.pacingRateBytesPerSec / ((gain * 10 * 1448) / 0.05)).toBeCloseTo(1, 3);
    expect(old.snd_ssthresh).toBe(0x7fffffff);
  });

  it('min_tso_segs is 1 below 1.2 Mbit/s; tso_segs_goal is ~1 ms of data at the socket shift, capped at 65215 bytes and 127', () => {
    const bbr = new Bbr(new Rng(1));
    const sk = { ...fakeSock(10), sk_pacing_shift: 10 };
    sk.pacingRateBytesPerSec = 149_999;
    expect(bbr.minTsoSegs(sk)).toBe(1);
    expect(bbr.tsoSegsGoal(sk)).toBe(1);
    sk.pacingRateBytesPerSec = 150_000;
    expect(bbr.minTsoSegs(sk)).toBe(2);
    sk.pacingRateBytesPerSec = 12.5e6; // 12207 bytes per 1.024 ms
    expect(bbr.tsoSegsGoal(sk)).toBe(8);
    sk.sk_pacing_shift = 8; // a driver's sk_pacing_shift_update(sk, 8): 4 ms
    expect(bbr.tsoSegsGoal(sk)).toBe(33);
    sk.sk_pacing_shift = 10;
    sk.pacingRateBytesPerSec = 1.25e9;
    // GSO_LEGACY_MAX_SIZE - 1 - MAX_TCP_HEADER = 65215, whatever the device's gso_max_size
    expect(bbr.tsoSegsGoal(sk)).toBe(45);
    expect(bbr.tsoSegsGoal({ ...sk, mss: 500 })).toBe(127); // 130 segments, capped at 0x7F
  });

  it('paces no faster than sk_max_pacing_rate (bbr_bw_to_pacing_rate)', () => {
    const bbr = new Bbr(new Rng(1));
    const sk = { ...fakeSock(10, ms(1)), maxPacingRateBytesPerSec: 1e6 };
    bbr.init(sk);
    expect(sk.pacingRateBytesPerSec).toBe(1e6);
  });

  it('packet conservation on the first recovery round, cwnd restored on exit', () => {
    const bbr = new Bbr(new Rng(1));
    const sk = fakeSock(100);
    bbr.init(sk);
    sk.inFlight = 60;
    sk.snd_ssthresh = bbr.ssthresh(sk); // saves prior_cwnd = 100, leaves ssthresh alone
    expect(sk.snd_ssthresh).toBe(0x7fffffff);
    bbr.onAck(sk, 2, ack(50, 3), true);
    expect(sk.snd_cwnd).toBe(62); // in_flight + acked
    sk.inFlight = 59;
    bbr.onAck(sk, 1, ack(51), true);
    expect(sk.snd_cwnd).toBe(62); // max(cwnd, in_flight + acked)
    bbr.onRecoveryExit(sk);
    bbr.onAck(sk, 1, ack(52), false);
    // Restored to 100, then still below STARTUP's target (no bw sample yet), so +acked.
    expect(sk.snd_cwnd).toBe(101);
  });

  it('RTO: cwnd restarts from the sender value and the pre-RTO cwnd returns when Loss ends', () => {
    const bbr = new Bbr(new Rng(1));
    const sk = fakeSock(80);
    bbr.init(sk);
    sk.snd_ssthresh = bbr.ssthresh(sk);
    sk.snd_cwnd = 1; // tcp_enter_loss: in_flight + 1
    bbr.onRto(sk);
    bbr.onAck(sk, 1, ack(20), false);
    expect(sk.snd_cwnd).toBe(4); // bbr_cwnd_min_target floor
    bbr.onRecoveryExit(sk);
    bbr.onAck(sk, 1, ack(21), false);
    expect(sk.snd_cwnd).toBe(81); // 80 restored, +1 acked below target
  });

  it('is deterministic for a seed; the first PROBE_BW phase is random but never the 0.75 phase', () => {
    const trace = (seed: number): number[] => {
      const bbr = new Bbr(new Rng(seed));
      const tb = new Testbed(bbr, { rateBytesPerSec: 12.5e6, baseRttNs: ms(20), paced: true });
      const out: number[] = [];
      tb.onAckHook = (t) => out.push(t.snd_cwnd, t.pacingRateBytesPerSec, bbr.cycleIndex);
      tb.runUntil(sec(1.5));
      return out;
    };
    expect(trace(7)).toEqual(trace(7));
    const firstIdx = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const bbr = new Bbr(new Rng(seed));
      const tb = new Testbed(bbr, { rateBytesPerSec: 12.5e6, baseRttNs: ms(20), paced: true });
      let idx = -1;
      tb.onAckHook = () => {
        if (idx < 0 && bbr.mode === 'PROBE_BW') idx = bbr.cycleIndex;
      };
      tb.runUntil(ms(500));
      firstIdx.add(idx);
    }
    expect(firstIdx.has(1)).toBe(false);
    expect(firstIdx.has(-1)).toBe(false);
    expect(firstIdx.size).toBeGreaterThanOrEqual(6); // 7 equally likely starts
  });

  it('createCc builds each module; only BBR asks for pacing', () => {
    const rng = new Rng(3);
    expect(createCc('reno', rng).name).toBe('reno');
    expect(createCc('cubic', rng).needsPacing).toBe(false);
    const bbr = createCc('bbr', rng, { pacingMarginPercent: 0 });
    expect(bbr.needsPacing).toBe(true);
    expect(bbr.minTsoSegs).toBeDefined();
    const sk = fakeSock(10);
    bbr.init(sk);
    expect(bbr.stateLabel()).toBe('STARTUP');
    expect(sk.pacingRateBytesPerSec).toBe(
      Math.floor((Math.floor((167772 * 1448 * 739) / 256) * 1e6) / 2 ** 24),
    );
  });

  it('never lets cwnd fall below 4 outside PROBE_RTT conservation (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            acked: fc.integer({ min: 0, max: 20 }),
            losses: fc.integer({ min: 0, max: 5 }),
            rec: fc.boolean(),
          }),
          { maxLength: 60 },
        ),
        (steps) => {
          const bbr = new Bbr(new Rng(9));
          const sk = fakeSock(10, ms(10));
          bbr.init(sk);
          let delivered = 0;
          for (const s of steps) {
            delivered += s.acked;
            if (s.rec) sk.snd_ssthresh = bbr.ssthresh(sk);
            bbr.onAck(sk, s.acked, ack(delivered, s.losses), s.rec);
            if (!s.rec && s.acked > 0 && sk.snd_cwnd < 4) return false;
            if (sk.snd_cwnd < 1) return false;
          }
          return true;
        },
      ),
    );
  });
});
