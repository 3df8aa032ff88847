/**
 * The receive window in whole runs: a fixed SO_RCVBUF bounds a long path at
 * window ÷ RTT, autotuning grows past the BDP, and RX interrupt coalescing
 * on the sender's NIC shows in every RTT it measures.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { wiredBase } from './presets/wired-base';
import type { Scenario } from './scenario';

/** 1 Gbit/s, 10 ms base RTT, no router: only TCP's own windows can bound it. */
function longPath(so: number | null, era: Scenario['era'] = '5.4'): Scenario {
  const sc = wiredBase();
  sc.era = era;
  sc.durationMs = 3000;
  sc.warmupMs = 1500;
  sc.link.propagationUs = 5000;
  sc.receiver.so_rcvbuf = so;
  return sc;
}

describe('receive window in a run', () => {
  it('SO_RCVBUF 64 KB (5.4): a 64076-byte window, at most one window per RTT', () => {
    const { summary, model } = runScenario(longPath(65536), 1);
    const rx = model.receivers[0];
    expect([rx.window.rcvbuf, rx.window.windowClamp]).toEqual([131072, 64076]);
    // The window is advertised in units of 2 (scale 1), never above window_clamp.
    expect(rx.advertisedBytes % 2).toBe(0);
    expect(rx.advertisedBytes).toBeLessThanOrEqual(64076);
    // At most a window per RTT; less, since each ACK leaves out the skb the
    // application has not read yet (16 segments here: 33024 bytes of truesize,
    // so the window advertised is (131072 − 33024) / 2 = 49024).
    const bound = (64076 * 8) / 0.01;
    expect(summary.goodputBps).toBeLessThanOrEqual(bound);
    expect(summary.goodputBps).toBeGreaterThan(0.95 * ((49024 * 8) / 0.01) * (46336 / 49024));
    const s = model.senders[0];
    expect(s.sndWnd.limitedTimeNs(model.sim.nowNs)).toBeGreaterThan(0.5 * model.sim.nowNs);
    // What the last ACK advertised: window_clamp less the truesize of the skbs not yet read.
    const m = /^receive-window-bound: the receiver advertises (\d+\.\d) KB per RTT/.exec(summary.bound);
    expect(Number(m?.[1])).toBeLessThanOrEqual(64076 / 1024);
  });

  it('6.6 keeps a locked window at the quarter of the buffer its first scaling_ratio gave', () => {
    const { summary, model } = runScenario(longPath(65536, '6.6'), 1);
    // window_clamp = 33280 − 1460 from tcp_init_buffer_space, never moved again (the 2024 report).
    expect(model.receivers[0].window.windowClamp).toBe(31820);
    expect(summary.goodputBps).toBeLessThanOrEqual((31872 * 8) / 0.01);
  });

  it('autotuning grows the window past the BDP (1.25 MB) and the link fills', () => {
    const { summary, model } = runScenario(longPath(null), 1);
    const rx = model.receivers[0];
    expect(rx.window.windowClamp).toBeGreaterThan(1.25e6);
    expect(rx.space.grows).toBeGreaterThan(3);
    expect(summary.goodputBps).toBeGreaterThan(0.9e9);
  });
});

describe('RX interrupt coalescing on the sender', () => {
  it('delays every ACK: min_rtt rises by up to rx-usecs', () => {
    const base = wiredBase();
    base.durationMs = 300;
    base.warmupMs = 100;
    const off = runScenario(base, 1).model.senders[0].minRttNs;
    const sc = wiredBase();
    sc.durationMs = 300;
    sc.warmupMs = 100;
    sc.link.rxCoalesce = { usecs: 100, frames: 0 };
    const on = runScenario(sc, 1).model.senders[0].minRttNs;
    expect(on).toBeGreaterThan(off);
    expect(on).toBeLessThanOrEqual(off + 100_000);
  });
});
