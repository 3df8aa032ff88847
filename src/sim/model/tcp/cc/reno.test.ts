import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ms } from '../../../engine/time';
import type { CcSock, RateSample } from './cc';
import { Testbed } from './cc-testbed';
import { Reno, tcpCongAvoidAi, tcpSlowStart } from './reno';

const RTT = ms(100);
const GBIT_BYTES_PER_SEC = 125e6;

function fakeSock(cwnd: number, ssthresh: number): CcSock {
  return {
    snd_cwnd: cwnd,
    snd_ssthresh: ssthresh,
    mss: 1448,
    srttNs: RTT,
    minRttNs: RTT,
    packetsOut: cwnd,
    inFlight: cwnd,
    deliveredBytes: 0,
    isCwndLimited: true,
    pacingRateBytesPerSec: 0,
    nowNs: 0,
  };
}

const noSample: RateSample = {
  deliveryRateBytesPerSec: -1,
  intervalNs: -1,
  deliveredPkts: 1,
  lossesPkts: 0,
  rttNs: -1,
  isAppLimited: false,
  priorDeliveredPkts: 0,
  deliveredTotalPkts: 0,
};

/** cwnd sampled mid-way between ACK bursts, once per RTT. */
function cwndPerRtt(tb: Testbed, rounds: number): number[] {
  const out: number[] = [];
  for (let k = 0; k <= rounds; k++) {
    tb.runUntil(k * RTT + RTT / 2);
    out.push(tb.snd_cwnd);
  }
  return out;
}

describe('tcp_cong.c primitives', () => {
  it('tcp_slow_start stops at ssthresh and returns the leftover', () => {
    const sk = fakeSock(10, 14);
    expect(tcpSlowStart(sk, 3)).toBe(0);
    expect(sk.snd_cwnd).toBe(13);
    expect(tcpSlowStart(sk, 5)).toBe(4); // 1 to reach 14, 4 left for CA
    expect(sk.snd_cwnd).toBe(14);
  });

  it('tcp_cong_avoid_ai adds one packet per w ACKed, keeping the remainder', () => {
    const sk = fakeSock(10, 5);
    const ai = { sndCwndCnt: 0 };
    tcpCongAvoidAi(sk, ai, 10, 9);
    expect([sk.snd_cwnd, ai.sndCwndCnt]).toEqual([10, 9]);
    tcpCongAvoidAi(sk, ai, 10, 25); // 34 credits: +3, 4 left
    expect([sk.snd_cwnd, ai.sndCwndCnt]).toEqual([13, 4]);
    // Credits gathered at a larger w are applied gently when w shrinks.
    ai.sndCwndCnt = 20;
    tcpCongAvoidAi(sk, ai, 8, 1);
    expect([sk.snd_cwnd, ai.sndCwndCnt]).toEqual([14, 1]);
  });
});

describe('Reno', () => {
  it('doubles cwnd every RTT in slow start when cwnd-limited', () => {
    const tb = new Testbed(new Reno(), { rateBytesPerSec: GBIT_BYTES_PER_SEC, baseRttNs: RTT });
    const c = cwndPerRtt(tb, 6);
    expect(c).toEqual([10, 20, 40, 80, 160, 320, 640]);
    expect(tb.cc.stateLabel()).toBe('slow start');
  });

  it('does not grow when the application keeps it from being cwnd-limited', () => {
    const tb = new Testbed(new Reno(), {
      rateBytesPerSec: GBIT_BYTES_PER_SEC,
      baseRttNs: RTT,
      appLimitPkts: 5,
    });
    expect(cwndPerRtt(tb, 5)).toEqual([10, 10, 10, 10, 10, 10]);
    // In congestion avoidance as well.
    const ca = new Testbed(new Reno(), {
      rateBytesPerSec: GBIT_BYTES_PER_SEC,
      baseRttNs: RTT,
      appLimitPkts: 30,
    });
    ca.snd_cwnd = 40;
    ca.snd_ssthresh = 20;
    expect(cwndPerRtt(ca, 4).every((c) => c === 40)).toBe(true);
  });

  it('adds one packet per RTT in congestion avoidance', () => {
    const tb = new Testbed(new Reno(), {
      rateBytesPerSec: GBIT_BYTES_PER_SEC,
      baseRttNs: RTT,
      initCwnd: 100,
    });
    tb.snd_ssthresh = 50;
    const c = cwndPerRtt(tb, 10);
    for (let k = 1; k <= 10; k++) expect(c[k] - c[k - 1]).toBe(1);
    expect(tb.cc.stateLabel()).toBe('congestion avoidance');
  });

  it('ssthresh halves cwnd (at least 2) and cwnd does not grow in recovery', () => {
    const reno = new Reno();
    const sk = fakeSock(100, 1000);
    reno.init(sk);
    expect(reno.ssthresh(sk)).toBe(50);
    expect(reno.stateLabel()).toBe('recovery');
    reno.onAck(sk, 10, noSample, true);
    expect(sk.snd_cwnd).toBe(100);
    reno.onRecoveryExit(sk);
    expect(reno.ssthresh(fakeSock(3, 1000))).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (cwnd) => {
        const ss = new Reno().ssthresh(fakeSock(cwnd, 1e9));
        return ss >= 2 && (cwnd < 4 || Math.abs(ss - cwnd * 0.5) <= 0.5);
      }),
    );
  });
});
