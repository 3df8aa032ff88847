/**
 * tcp.perFlow: each flow to a host of its own with its own base RTT, its own
 * congestion control and the times its application writes; per-host pings
 * and goodput; the rules that name a bad per-flow field.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { findPreset } from './presets/index';
import { wiredBase } from './presets/wired-base';
import type { FlowSpec, Scenario } from './scenario';
import { validateScenario } from './validate';

const flow = (p: Partial<FlowSpec>): FlowSpec => ({
  name: 'h',
  rttUs: null,
  startMs: 0,
  stopMs: null,
  cc: null,
  ...p,
});

function twoHosts(): Scenario {
  const sc = wiredBase();
  sc.durationMs = 2000;
  sc.warmupMs = 200;
  sc.pingIntervalMs = 20;
  sc.link.rateBps = 100e6;
  sc.tcp.flows = 2;
  sc.tcp.perFlow = [
    flow({ name: 'near', rttUs: 2000 }),
    flow({ name: 'far', rttUs: 30_000, startMs: 500, stopMs: 1500, cc: 'reno' }),
  ];
  return sc;
}

describe('per-flow hosts', () => {
  it('each host answers pings over its own path; the idle far path shows its base RTT', () => {
    const sc = twoHosts();
    sc.tcp.perFlow![1].startMs = 1900; // the far flow barely runs: its pings see an empty queue
    const { summary } = runScenario(sc, 1);
    expect(summary.stations.map((s) => s.name)).toEqual(['near', 'far']);
    const far = summary.stations[1].medianPingMs;
    expect(far).toBeGreaterThanOrEqual(30);
    expect(summary.stations[0].medianPingMs).toBeGreaterThanOrEqual(2);
  });

  it('a flow writes from startMs to stopMs; its share counts that time only', () => {
    const { summary, model } = runScenario(twoHosts(), 1);
    const [near, far] = summary.flowShares;
    expect([near.name, near.startMs, near.stopMs, near.baseRttMs]).toEqual(['near', 0, null, 2]);
    expect([far.name, far.startMs, far.stopMs, far.baseRttMs]).toEqual(['far', 500, 1500, 30]);
    expect(model.senders[1].cc.name).toBe('reno');
    expect(model.senders[1].app.stopped).toBe(true);
    // The far (Reno, 30 ms) flow shares the sender's 100 Mbit/s link while it runs. Which
    // flow takes more of it is TSQ's choice, not a rule: the link is the sender's own NIC,
    // and each socket may queue max(2 truesize, pacing_rate >> 10) below it, so the far
    // flow, whose cwnd has grown over its longer RTT to a higher pacing rate, can get more.
    expect(near.goodputBps).toBeGreaterThan(1e6);
    expect(far.goodputBps).toBeGreaterThan(1e6);
    expect(near.goodputBps + (far.goodputBps * 1000) / 1800).toBeLessThanOrEqual(100e6);
    expect(far.meanSrttMs).toBeGreaterThanOrEqual(30);
    // Its receiver got nothing before its start.
    expect(model.receivers[1].bytesInOrder).toBeGreaterThan(0);
  });

  it('a flow that starts after the run ends has no goodput', () => {
    const sc = twoHosts();
    sc.tcp.perFlow![1].startMs = 1999;
    sc.tcp.perFlow![1].stopMs = null;
    const { summary } = runScenario(sc, 1, 1500);
    expect(Number.isNaN(summary.flowShares[1].goodputBps)).toBe(true);
  });

  it('the rtt-fair-4 preset gives each flow its base RTT and the link’s worth in total', () => {
    const sc = findPreset('rtt-fair-4')!.scenario();
    sc.warmupMs = 1000;
    const { summary } = runScenario(sc, 1, 4000);
    expect(summary.flowShares.map((f) => f.baseRttMs)).toEqual([10, 20, 40, 80]);
    summary.stations.forEach((st, i) => {
      const base = [10, 20, 40, 80][i];
      // fq_codel serves the sparse ping flows first: each ping within a couple of ms of the path.
      expect(st.medianPingMs).toBeGreaterThanOrEqual(base);
      expect(st.medianPingMs).toBeLessThan(base + 3);
    });
    expect(summary.goodputBps).toBeGreaterThan(85e6);
  });
});

describe('per-flow validation', () => {
  const errs = (f: (sc: Scenario) => void): string[] => {
    const sc = twoHosts();
    f(sc);
    return validateScenario(sc);
  };

  it('names an RTT below the shared path, a count mismatch, a start too late, a stop before the start', () => {
    expect(errs((sc) => (sc.tcp.perFlow![0].rttUs = 50))).toEqual([
      'tcp.perFlow.0.rttUs = 50 is below the 100 µs the shared path takes (2 × (link.propagationUs + router.propagationUs)): raise it, or use null for the shared path',
    ]);
    expect(errs((sc) => (sc.tcp.flows = 3))).toEqual([
      'tcp.perFlow lists 2 flows but tcp.flows = 3: they must match',
    ]);
    expect(errs((sc) => Object.assign(sc.tcp.perFlow![1], { startMs: 2000, stopMs: null }))).toEqual([
      'tcp.perFlow.1.startMs = 2000 must be less than durationMs = 2000',
    ]);
    expect(errs((sc) => (sc.tcp.perFlow![1].stopMs = 400))).toEqual([
      'tcp.perFlow.1.stopMs = 400 must be later than tcp.perFlow.1.startMs = 500',
    ]);
  });

  it('names a bad field inside an entry, and refuses per-flow hosts on WiFi', () => {
    expect(errs((sc) => ((sc.tcp.perFlow![1] as unknown as Record<string, unknown>).cc = 'vegas'))).toEqual([
      'tcp.perFlow.1.cc = "vegas" is not allowed: expected null or one of reno, cubic, bbr',
    ]);
    const wifi = findPreset('ath9k-pacing-shift')!.scenario();
    wifi.tcp.perFlow = [flow({})];
    expect(validateScenario(wifi)).toContain(
      'tcp.perFlow applies only to a wired scenario (it gives each flow a wired host of its own): with wifi set, set tcp.perFlow or wifi to null',
    );
  });

  it('names a receive buffer too small for a segment, and an unordered tcp_rmem', () => {
    const sc = wiredBase();
    sc.receiver.so_rcvbuf = 4000;
    sc.receiver.tcp_rmem = { minBytes: 4096, defaultBytes: 8 << 20, maxBytes: 6 << 20 };
    expect(validateScenario(sc)).toEqual([
      'receiver.so_rcvbuf = 4000 is too small: the window it backs would not hold a segment of tcp.mssBytes = 1448; use at least 5792, or null for autotuning',
      'receiver.tcp_rmem = 4096 8388608 6291456 is not allowed: expected minBytes ≤ defaultBytes ≤ maxBytes',
    ]);
  });
});
