/**
 * A run with downloads as Flent's tests with downloads: which test, the
 * series names rrul.conf, rrul_be.conf and tcp_download.conf give, the
 * per-direction sums, and a simulated rrul file proposing the rrul preset
 * back with nothing to override.
 */
import { describe, expect, it } from 'vitest';
import { runScenarioSteps } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import type { FlowSpec, Scenario } from '../sim/scenario/scenario';
import { bidirFlowNames, bidirTestFor } from './from-sim-bidir';
import { flentTestFor, simToFlent } from './from-sim';
import { proposalOverrides, proposeScenario } from './propose';
import { readFlent } from './read';
import { flentSummary } from './stats';
import { writeFlent } from './write';

const rrul = (): Scenario => findPreset('rrul-htb-fq-codel')!.scenario();

const withFlows = (sc: Scenario, flows: Partial<FlowSpec>[]): Scenario => {
  const base = sc.tcp.perFlow![0];
  sc.tcp.perFlow = flows.map((f, i) => ({ ...base, name: `f${i}`, direction: 'up', ...f }));
  sc.tcp.flows = flows.length;
  return sc;
};

describe('the Flent test of a run with downloads', () => {
  it('rrul for four and four named with its marks, rrul_be otherwise, tcp_download and tcp_ndown without uploads', () => {
    expect(bidirTestFor(rrul())).toBe('rrul');
    expect(bidirFlowNames(rrul(), 'rrul')).toEqual([
      'TCP upload BE',
      'TCP upload BK',
      'TCP upload CS5',
      'TCP upload EF',
      'TCP download BE',
      'TCP download BK',
      'TCP download CS5',
      'TCP download EF',
    ]);
    const be = withFlows(rrul(), [{}, {}, { direction: 'down' }, { direction: 'down' }]);
    expect(bidirTestFor(be)).toBe('rrul_be');
    expect(bidirFlowNames(be, 'rrul_be')).toEqual([
      'TCP upload BE',
      'TCP upload BE2',
      'TCP download BE',
      'TCP download BE2',
    ]);
    const one = withFlows(rrul(), [{ direction: 'down' }]);
    expect(flentTestFor(one)).toBe('tcp_download');
    expect(bidirFlowNames(one, 'tcp_download')).toEqual(['TCP download']);
    expect(flentTestFor(withFlows(rrul(), [{ direction: 'down' }, { direction: 'down' }]))).toBe('tcp_ndown');
    // Uploads alone stay what they were.
    expect(flentTestFor(findPreset('rtt-fair-4')!.scenario())).toBe('tcp_nup');
  });

  it('writes rrul’s series, the sums of each direction, and proposes the rrul preset back', () => {
    const sc = rrul();
    sc.durationMs = 4000;
    sc.warmupMs = 2000;
    const { summary, steps } = runScenarioSteps(sc, 1, 200);
    const made = simToFlent({
      scenario: sc,
      seed: 1,
      presetId: 'rrul-htb-fq-codel',
      summary,
      steps,
      timeMs: 0,
      producer: 'test',
    });
    expect(made.input.name).toBe('rrul');
    const run = readFlent(writeFlent(made.input));
    const names = run.series.map((s) => s.name);
    for (const n of [
      'TCP upload BE',
      'TCP upload EF',
      'TCP download CS5',
      'TCP upload sum',
      'TCP download sum',
      'Ping (ms) ICMP',
      'Ping (ms) UDP BE',
      'Ping (ms) UDP EF',
    ])
      expect(names).toContain(n);
    // One ICMP ping series, as rrul pings its one host.
    expect(names.filter((n) => n === 'Ping (ms) ICMP')).toHaveLength(1);
    // Each sum is its direction's flows at each step, and its median the one beside it.
    const stats = flentSummary(run);
    const med = (n: string) => stats.find((x) => x.name === n)!.median;
    const ours = (n: string) => made.medians.find((m) => m.name === n)!.median;
    expect(med('TCP download sum')).toBeCloseTo(ours('TCP download sum'), 6);
    expect(med('TCP upload sum')).toBeCloseTo(ours('TCP upload sum'), 6);
    // The shapers set the sums: 90 and 36 Mbit/s less headers (and the other side's ACKs).
    expect(ours('TCP download sum')).toBeGreaterThan(75);
    expect(ours('TCP download sum')).toBeLessThan(90);
    expect(ours('TCP upload sum')).toBeGreaterThan(28);
    expect(ours('TCP upload sum')).toBeLessThan(36);
    // A simulated rrul file proposes the same preset, with no flow to override.
    const p = proposeScenario(run);
    expect(p.presetId).toBe('rrul-htb-fq-codel');
    const o = proposalOverrides(p);
    expect(o['tcp.flows']).toBe('8');
    expect(o['tcp.perFlow']).toBeUndefined();
  });
});
