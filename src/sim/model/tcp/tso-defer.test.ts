/**
 * tcp_tso_should_defer per kernel (net/ipv4/tcp_output.c): whether a short
 * skb waits for the window to open. Each case is worked out from the
 * kernel's tests: recent send (jiffy of lsndtime in 3.19–4.19, 1 ms of
 * tcp_wstamp_ns from 4.20, two ticks of tso_deferred in v3.6), room against
 * a full skb and against cwnd / 3, and the age of the oldest unacked skb.
 */
import { describe, expect, it } from 'vitest';
import type { Ns } from '../../engine/time';
import { ERAS } from '../../scenario/eras';
import type { CongestionControl } from './cc/cc';
import type { KernelFeatures } from './kernel-features';
import { TsoGoal, type TsoSocket } from './tso-goal';

const MS = 1_000_000;

function sock(kernel: KernelFeatures, over: Partial<TsoSocket> = {}): TsoSocket {
  return {
    kernel,
    sk_pacing_shift: 10,
    cc: {} as CongestionControl,
    limitOutputBytes: 262_144,
    cfg: { gsoMaxSizeBytes: 65_536, gsoMode: 'tso' },
    wstampNs: 10 * MS,
    lastSendNs: 10 * MS,
    rtx: { first: () => ({ xmitNs: 0 }) }, // the oldest unacked skb left long ago
    snd_cwnd: 60,
    snd_ssthresh: 30,
    mss: 1448,
    srttNs: 2 * MS,
    minRttNs: MS,
    packetsOut: 50,
    inFlight: 50,
    deliveredBytes: 0,
    isCwndLimited: true,
    pacingRateBytesPerSec: 1e7,
    nowNs: 10 * MS,
    ...over,
  };
}

// cwnd 60, 50 in flight: room 10 < 45 (a full skb) and < 60 / 3 = 20.
const defer = (s: TsoSocket, nowNs: Ns, room = 10) => new TsoGoal(s).shouldDefer(false, room, 45, nowNs);

describe('tcp_tso_should_defer', () => {
  it('4.20+: defers within 1 ms of tcp_wstamp_ns, sends after', () => {
    const k = ERAS['6.6'].kernel;
    expect(defer(sock(k), 10.9 * MS)).toBe(true);
    expect(defer(sock(k), 11 * MS)).toBe(true); // delta = 0: not > 0
    expect(defer(sock(k), 11.001 * MS)).toBe(false);
  });

  it('sends when the room holds a full skb or a third of cwnd, or in recovery', () => {
    const k = ERAS['6.6'].kernel;
    expect(defer(sock(k), 10.5 * MS, 45)).toBe(false);
    expect(defer(sock(k), 10.5 * MS, 20)).toBe(false); // 20 · 1448 >= 60 · 1448 / 3
    expect(defer(sock(k), 10.5 * MS, 19)).toBe(true);
    expect(new TsoGoal(sock(k)).shouldDefer(true, 10, 45, 10.5 * MS)).toBe(false);
  });

  it('sends when the oldest unacked skb left less than srtt / 2 ago (its ACK is far off)', () => {
    const k = ERAS['6.6'].kernel;
    const recent = sock(k, { rtx: { first: () => ({ xmitNs: 9.5 * MS }) } }); // 0.5 ms < 1 ms
    expect(defer(recent, 10.2 * MS)).toBe(false);
    expect(defer(sock(k, { rtx: { first: () => null } }), 10.2 * MS)).toBe(false);
  });

  it('3.19–4.19: defers only within the jiffy of the last send, so HZ sets how long', () => {
    const at250 = ERAS['4.16'].kernel; // HZ 250: the jiffy of 10 ms is [8, 12) ms
    expect(defer(sock(at250), 11.9 * MS)).toBe(true);
    expect(defer(sock(at250), 12 * MS)).toBe(false);
    const at1000 = { ...at250, hz: 1000 as const }; // [10, 11) ms
    expect(defer(sock(at1000), 10.9 * MS)).toBe(true);
    expect(defer(sock(at1000), 11 * MS)).toBe(false);
  });

  it('v3.6: defers for less than two ticks after the first deferral (tp->tso_deferred)', () => {
    const k = { ...ERAS['3.6'].kernel, hz: 100 as const };
    const g = new TsoGoal(sock(k));
    expect(g.shouldDefer(false, 10, 45, 15 * MS)).toBe(true); // jiffy 1: deferral starts
    expect(g.shouldDefer(false, 10, 45, 29 * MS)).toBe(true); // jiffy 2: 2 − 1 = 1, not > 1
    expect(g.shouldDefer(false, 10, 45, 30 * MS)).toBe(false); // jiffy 3: sends, and resets
    expect(g.shouldDefer(false, 10, 45, 31 * MS)).toBe(true); // a new deferral
  });
});
