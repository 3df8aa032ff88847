import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../engine/time';
import { buildModel } from '../run';
import { windowRate } from './host-probes';
import type { Model } from './model';
import { findPreset, PRESETS } from './presets/index';

/** Feeds `values` to a probe at t = step, 2·step, … and returns what it read. */
function feed(probe: (now: number) => number, values: number[], step: number): number[] {
  return values.map((_, i) => probe((i + 1) * step));
}

/** The rate since the previous sample: what a one-sample span must read. */
function perSampleRate(read: () => number, scale: number): (nowNs: number) => number {
  let last = 0;
  let lastNs = 0;
  return (now) => {
    const v = read();
    const r = now > lastNs ? ((v - last) * scale) / (now - lastNs) : 0;
    last = v;
    lastNs = now;
    return r;
  };
}

function counter(values: number[]): () => number {
  let i = 0;
  return () => values[i++];
}

describe('windowRate', () => {
  it('a steady counter (0 at time 0) reads its rate from the first sample on', () => {
    const vs = Array.from({ length: 50 }, (_, i) => 1000 * (i + 1));
    const out = feed(windowRate(counter(vs), 1, 10, 1), vs, 1);
    for (const r of out) expect(r).toBeCloseTo(1000, 9);
  });

  it('spreads a burst over the averaging span instead of one sample', () => {
    // 1 MB arrives between t = 20 and t = 21 (ns units); span 10, samples every 1.
    const vs = Array.from({ length: 40 }, (_, i) => (i + 1 >= 21 ? 1e6 : 0));
    const burst = feed(perSampleRate(counter(vs), 1), vs, 1);
    const smooth = feed(windowRate(counter(vs), 1, 10, 1), vs, 1);
    expect(Math.max(...burst)).toBe(1e6);
    expect(Math.max(...smooth)).toBe(1e5);
    // The burst stays in view for exactly one span.
    expect(smooth.filter((r) => r > 0)).toHaveLength(10);
  });

  it('reads the increase over the last span exactly, for any counter sampled on a grid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1e6), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 5 }),
        (incs, windowSteps, step) => {
          const vs: number[] = [];
          incs.reduce((acc, d) => (vs.push(acc + d), acc + d), 0);
          const w = windowSteps * step;
          const out = feed(windowRate(counter(vs), 1, w, step), vs, step);
          out.forEach((r, i) => {
            const t = (i + 1) * step;
            // The base: the sample a span back, or the counter's 0 at time 0.
            const j = i - windowSteps;
            const want = j < 0 ? vs[i] / t : (vs[i] - vs[j]) / (t - (j + 1) * step);
            expect(r).toBeCloseTo(want, 6);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is the per-sample rate when the span is no longer than a sample', () => {
    const vs = [5, 9, 9, 40, 41, 100];
    expect(feed(windowRate(counter(vs), 8, 2, 2), vs, 2)).toEqual(feed(perSampleRate(counter(vs), 8), vs, 2));
  });
});

describe('the total goodput series', () => {
  // A/B's difference strip and the throughput panel read it; an AP preset once had only per-station series.
  for (const p of PRESETS)
    it(`${p.id} charts tput.total, and it is not all zero`, () => {
      const m = buildModel(p.scenario(), 1, true);
      m.sim.runUntil(300 * NS_PER_MS);
      const col = m.recorder.takeFrame(m.sim.nowNs).cols['tput.total'];
      expect(col, 'tput.total series').toBeDefined();
      expect(Math.max(...col)).toBeGreaterThan(0);
    });
});

describe('CPU busy without a CPU model', () => {
  it('is unknown (NaN, no series) when the scenario does not model CPU cost, measured when it does', () => {
    for (const [id, modelled] of [
      ['bench-wired', false],
      ['gso-always-on', true],
    ] as const) {
      const sc = findPreset(id)!.scenario();
      expect(sc.cpu.enabled).toBe(modelled);
      sc.warmupMs = 50;
      const m = buildModel(sc, 1, true);
      m.sim.runUntil(200 * NS_PER_MS);
      const busy = m.summary().cpuBusy;
      const series = m.recorder.takeFrame(m.sim.nowNs).cols['cpu.busy'];
      if (modelled) {
        expect(busy).toBeGreaterThan(0);
        expect(busy).toBeLessThanOrEqual(1);
        expect(series).toBeDefined();
      } else {
        expect(busy).toBeNaN();
        expect(series).toBeUndefined();
      }
    }
  });
});

describe('the TCP panel at an AP', () => {
  it('charts each station’s flow, named after its station, instead of the first flow alone', () => {
    const m = buildModel(findPreset('ath9k-intermediate-queues')!.scenario(), 1, true);
    m.sim.runUntil(500 * NS_PER_MS);
    const cols = m.recorder.takeFrame(m.sim.nowNs).cols;
    const tcp = m.series.filter((s) => s.panel === 'tcp');
    expect(tcp.map((s) => s.label)).toEqual([
      'cwnd fast 1',
      'cwnd fast 2',
      'cwnd slow',
      'srtt fast 1',
      'srtt fast 2',
      'srtt slow',
    ]);
    m.senders.forEach((s, i) => {
      const cwnd = cols[`tcp.cwnd.sta${i + 1}`];
      expect(cwnd.at(-1)).toBe(s.snd_cwnd);
      expect(cols[`tcp.srtt.sta${i + 1}`].at(-1)).toBeCloseTo(s.srttNs / 1e6, 9);
    });
    // The three flows are not one series repeated: the slow station's RTT is its own.
    expect(cols['tcp.srtt.sta3'].at(-1)).not.toBe(cols['tcp.srtt.sta1'].at(-1));
  });

  it('the summary says the sender is a wired host at an AP, and the WiFi device itself otherwise', () => {
    for (const [id, forwarded] of [
      ['ath9k-intermediate-queues', true],
      ['ath9k-pacing-shift', false],
      ['bench-wired', false],
    ] as const) {
      const m = buildModel(findPreset(id)!.scenario(), 1, true);
      m.sim.runUntil(50 * NS_PER_MS);
      expect(m.summary().forwarded, id).toBe(forwarded);
    }
  });
});

describe('busy time is charted per 100 ms', () => {
  // Per sample the channel (or a core) is mostly all or nothing; the chart shows the share over 100 ms.
  for (const [id, key, label, read] of [
    [
      'ath9k-intermediate-queues',
      'air.busy',
      'channel busy (100 ms)',
      (m: Model) => m.airtimeBusy() * m.sim.nowNs,
    ],
    ['xen-tsq-limit', 'cpu.busy', 'sender CPU busy (100 ms)', (m: Model) => m.cpu.busyTimeNs()],
  ] as const)
    it(`${key} reads the busy share of the last 100 ms at each sample (${id})`, () => {
      const m = buildModel(findPreset(id)!.scenario(), 1, true);
      // The raw busy time, read in the same sampling step as the series (a timer on a
      // jiffy tick can start a transmission at the very instant of a sample).
      m.addProbe({ key: 'test.busy', label: 'raw busy', unit: 'ns', panel: 'cpu' }, () => read(m));
      m.sim.runUntil(400 * NS_PER_MS);
      const f = m.recorder.takeFrame(m.sim.nowNs);
      expect(m.series.find((s) => s.key === key)?.label).toBe(label);
      const busyAt = new Map<number, number>();
      f.tNs.forEach((t, i) => busyAt.set(t, f.cols['test.busy'][i]));
      let checked = 0;
      f.tNs.forEach((t, i) => {
        const base = busyAt.get(t - 100 * NS_PER_MS);
        if (base === undefined) return;
        const share = (busyAt.get(t)! - base) / (100 * NS_PER_MS);
        // Busy time as it passes: never more than the time itself, collisions or not.
        expect(share).toBeLessThanOrEqual(1 + 1e-9);
        expect(f.cols[key][i]).toBeCloseTo(share, 2);
        checked++;
      });
      expect(checked).toBeGreaterThan(10);
    });
});

describe('the TCP panel of a local sender', () => {
  it('charts the pacing rate and the TSQ terms only in eras that have sk_pacing_rate (3.12+)', () => {
    const keys = (era: '3.6' | '4.1') => {
      const sc = findPreset('first-tsq')!.scenario();
      sc.era = era;
      return buildModel(sc, 1)
        .series.filter((s) => s.panel === 'tcp')
        .map((s) => s.key);
    };
    expect(keys('3.6')).toEqual(['tcp.cwnd', 'tcp.srtt']);
    expect(keys('4.1')).toEqual(['tcp.cwnd', 'tcp.pacing', 'tcp.srtt', 'tsq.two_truesize', 'tsq.rate_term']);
  });
});
