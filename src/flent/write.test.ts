/**
 * A simulated run written as a Flent file and read back: the series Flent's
 * tests name, the core's samples unchanged in the raw values, the medians
 * TSQ Lab reports, and the same bytes for the same run.
 */
import { describe, expect, it } from 'vitest';
import { runScenarioSteps } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import { applyOverrides } from '../sim/scenario/validate';
import { simToFlent } from './from-sim';
import { readFlent } from './read';
import { flentSummary } from './stats';
import { alignToSteps, writeFlent } from './write';

const TIME = Date.UTC(2026, 0, 2, 3, 4, 5, 678);

function simulated(presetId: string, set: Record<string, string | number> = {}) {
  const sc = applyOverrides(findPreset(presetId)!.scenario(), set);
  const { summary, steps } = runScenarioSteps(sc, 1, 200);
  return simToFlent({ scenario: sc, seed: 1, presetId, summary, steps, timeMs: TIME, producer: 'test' });
}

describe('Flent files of simulated runs', () => {
  it('one flow with a ping is tcp_1up: the file reads back with TSQ Lab’s medians', () => {
    const made = simulated('bench-wired', { durationMs: 3000, warmupMs: 1000 });
    expect(made.input.name).toBe('tcp_1up');
    const run = readFlent(writeFlent(made.input));
    expect(run.version).toBe(4);
    expect([run.lengthS, run.stepS, run.t0Ms, run.kernelRelease]).toEqual([2, 0.2, TIME, '6.6.0-tsq-lab']);
    expect(run.series.map((s) => s.name).sort()).toEqual(
      [
        'Ping (ms) ICMP',
        'TCP upload',
        'TCP upload::tcp_cwnd',
        'TCP upload::tcp_pacing_rate',
        'TCP upload::tcp_rtt',
      ].sort(),
    );
    const stats = flentSummary(run);
    for (const m of made.medians)
      expect(stats.find((s) => s.name === m.name)!.median, m.name).toBeCloseTo(m.median, 9);
    // The raw samples are the core's: 10 steps of goodput, one sample per ping reply.
    const up = run.series.find((s) => s.name === 'TCP upload')!;
    expect(up.raw).toHaveLength(10);
    // Times are Unix seconds in the file (as Flent's), good to a fraction of a µs.
    expect(up.raw[0].tS).toBeCloseTo(0.2, 6);
    expect(up.meanValue! * 1e6).toBeCloseTo(stats.length && made.input.series[0].meanValue! * 1e6, 3);
    expect(run.metadata.TSQ_LAB).toMatchObject({ preset: 'bench-wired', seed: 1, warmupS: 1 });
  });

  it('an AP with stations is rtt_fair_var_up, one flow and one ping per host', () => {
    const made = simulated('bench-wifi', { durationMs: 2000, warmupMs: 1000 });
    const run = readFlent(writeFlent(made.input));
    expect(run.name).toBe('rtt_fair_var_up');
    expect(run.hosts).toEqual(['MCS7-a', 'MCS7-b', 'MCS0']);
    for (const h of run.hosts) {
      expect(run.series.some((s) => s.name === `TCP upload BE ${h}` && s.host === h)).toBe(true);
      expect(run.series.some((s) => s.name === `Ping (ms) ICMP ${h}` && s.kind === 'ping')).toBe(true);
    }
    expect(run.series.find((s) => s.name === 'TCP upload sum')!.raw).toHaveLength(5);
  });

  it('several flows are tcp_nup with its stream count, and no ping gives tcp_1up_noping', () => {
    const nup = simulated('bench-wired', { durationMs: 1500, warmupMs: 500, 'tcp.flows': 3 });
    expect(nup.input.name).toBe('tcp_nup');
    expect(nup.input.testParameters.upload_streams).toBe('3');
    expect(nup.input.series.map((s) => s.name)).toContain('TCP upload::3');
    const noping = simulated('bench-wired', { durationMs: 1500, warmupMs: 500, pingIntervalMs: 0 });
    expect(noping.input.name).toBe('tcp_1up_noping');
  });

  it('gives the same bytes for the same run and time', () => {
    const a = writeFlent(simulated('bench-wired', { durationMs: 1200, warmupMs: 200 }).input);
    const b = writeFlent(simulated('bench-wired', { durationMs: 1200, warmupMs: 200 }).input);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('alignToSteps (Flent’s TimeseriesAggregator)', () => {
  const pts = (...p: [number, number][]) => p.map(([tS, value]) => ({ tS, value }));
  it('interpolates between the samples around a step, and uses the first one only within half a step', () => {
    const close = (a: (number | null)[], b: (number | null)[]) =>
      b.forEach((v, k) => (v === null ? expect(a[k]).toBeNull() : expect(a[k]).toBeCloseTo(v, 9)));
    close(alignToSteps(pts([0.15, 10], [0.35, 20]), [0, 0.2, 0.4, 0.6], 0.2), [null, 12.5, 20, null]);
    close(alignToSteps(pts([0.05, 1], [0.25, 3]), [0, 0.2], 0.2), [1, 2.5]);
  });
  it('leaves a gap longer than five steps empty, and bridges a shorter one', () => {
    expect(alignToSteps(pts([0, 1], [2, 3]), [0, 0.5], 0.2)).toEqual([null, null]);
    expect(alignToSteps(pts([0, 1], [1, 3]), [0, 0.5], 0.2)).toEqual([1, 2]);
  });
});
