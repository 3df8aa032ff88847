/**
 * A run's UDP latency probe in its Flent file: the series rrul names
 * ('Ping (ms) UDP BE'), one raw point per answered request, read back with
 * the median and mean the summary reports.
 */
import { describe, expect, it } from 'vitest';
import { runScenarioSteps } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import { flentUdpProbe } from '../sim/scenario/udp-probes';
import { simToFlent } from './from-sim';
import { readFlent } from './read';
import { flentSummary } from './stats';
import { writeFlent } from './write';

describe('UDP probes in a Flent file', () => {
  it('writes irtt’s series under Flent’s name, with the summary’s median and mean', () => {
    const sc = findPreset('udp-flood-pfifo-vs-fq-codel')!.scenario();
    sc.durationMs = 3000;
    sc.warmupMs = 1000;
    sc.udpProbes = [flentUdpProbe('UDP BE')];
    // fq_codel keeps the probe near the 20 ms base RTT, so every request before the end is answered.
    sc.router!.shaper!.leaf = 'fq_codel';
    sc.router!.qdisc = { ...sc.router!.qdisc, kind: 'fq_codel', limit: 1001 };
    const { summary, steps } = runScenarioSteps(sc, 1, 200);
    const made = simToFlent({
      scenario: sc,
      seed: 1,
      presetId: null,
      summary,
      steps,
      timeMs: 0,
      producer: 'test',
    });
    const run = readFlent(writeFlent(made.input));
    const s = run.series.find((x) => x.name === 'Ping (ms) UDP BE')!;
    const p = summary.udpProbes![0];
    // Requests at 1000, 1200, …, 2800 ms are answered before the end: 10 points.
    expect(s.raw).toHaveLength(p.received);
    expect(p.received).toBe(10);
    expect(s.meanValue).toBeCloseTo(p.rttMs.mean, 9);
    const median = flentSummary(run).find((x) => x.name === 'Ping (ms) UDP BE')!.median;
    expect(median).toBeCloseTo(p.rttMs.median, 9);
    expect(made.medians.find((m) => m.name === 'Ping (ms) UDP BE')!.median).toBe(p.rttMs.median);
  });

  it('a run without probes writes no UDP series', () => {
    const sc = findPreset('udp-flood-pfifo-vs-fq-codel')!.scenario();
    sc.durationMs = 1500;
    sc.warmupMs = 500;
    const { summary, steps } = runScenarioSteps(sc, 1, 200);
    expect(steps.udpProbes).toBeUndefined();
    const made = simToFlent({
      scenario: sc,
      seed: 1,
      presetId: null,
      summary,
      steps,
      timeMs: 0,
      producer: 'test',
    });
    expect(made.input.series.some((x) => x.name.startsWith('Ping (ms) UDP'))).toBe(false);
  });
});
