import { describe, expect, it } from 'vitest';
import { runScenario, runScenarioSteps } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import { applyOverrides } from '../sim/scenario/validate';
import { jobScenario, SweepRunner, type RunnerClock } from './sweep-runner';
import type { SweepProgress } from './protocol';

/** A clock that advances 1 ms per reading, so slices end after a few bursts. */
function fakeClock(onYield: () => void = () => {}): RunnerClock {
  let t = 0;
  return {
    now: () => (t += 1),
    yieldNow: async () => onYield(),
  };
}

describe('jobScenario', () => {
  it('applies overrides, then the table run, like runTable', () => {
    const sc = jobScenario({
      presetId: 'xen-tsq-limit',
      tableRunId: 'nic/262144',
      overrides: { 'tcp.cc': 'reno' },
      seed: 1,
    });
    expect(sc.link.xen).toBeNull();
    expect(sc.tcp.tcp_limit_output_bytes).toBe(262144);
    expect(sc.tcp.cc).toBe('reno');
  });

  it('shortens the warm-up in proportion to a shorter duration', () => {
    const base = findPreset('ath9k-pacing-shift')!.scenario();
    const sc = jobScenario({
      presetId: 'ath9k-pacing-shift',
      overrides: {},
      seed: 1,
      durationMs: base.durationMs / 4,
    });
    expect(sc.durationMs).toBe(base.durationMs / 4);
    expect(sc.warmupMs).toBe(Math.round(base.warmupMs / 4));
  });

  it('names what is wrong', () => {
    expect(() => jobScenario({ presetId: 'nope', overrides: {}, seed: 1 })).toThrow(/unknown preset/);
    expect(() => jobScenario({ presetId: 'xen-tsq-limit', tableRunId: 'x', overrides: {}, seed: 1 })).toThrow(
      /no table run/,
    );
  });
});

describe('SweepRunner', () => {
  it('gives the summary runScenario gives, with progress up to the end', async () => {
    const job = {
      jobId: 7,
      presetId: 'xen-tsq-limit',
      tableRunId: 'xen/131072',
      overrides: {},
      seed: 3,
      durationMs: 60,
    };
    const progress: SweepProgress[] = [];
    const r = await new SweepRunner(fakeClock(), 3).run(job, (p) => progress.push(p));
    expect(r.status).toBe('done');
    if (r.status !== 'done') return;
    const preset = findPreset('xen-tsq-limit')!;
    const sc = applyOverrides(applyOverrides(preset.scenario(), { 'tcp.tcp_limit_output_bytes': 131072 }), {
      durationMs: 60,
      warmupMs: 20,
    });
    const ref = runScenario(sc, 3, 60).summary;
    expect(r.summary).toEqual(ref);
    expect(r.payloadPerTruesize).toBeGreaterThan(0.5);
    expect(r.payloadPerTruesize).toBeLessThanOrEqual(1);
    expect(progress.length).toBeGreaterThan(1);
    const last = progress[progress.length - 1];
    expect(last.simulatedNs).toBe(last.endNs);
    expect(progress.every((p, i) => i === 0 || p.simulatedNs >= progress[i - 1].simulatedNs)).toBe(true);
  });

  it('stops at the next slice when cancelled', async () => {
    let runner: SweepRunner | null = null;
    let yields = 0;
    runner = new SweepRunner(
      fakeClock(() => {
        if (++yields === 2) runner!.cancel(1);
      }),
      5,
    );
    const progress: SweepProgress[] = [];
    const r = await runner.run({ jobId: 1, presetId: 'xen-tsq-limit', overrides: {}, seed: 1 }, (p) =>
      progress.push(p),
    );
    expect(r).toEqual({ status: 'cancelled', jobId: 1 });
    expect(progress.length).toBe(2);
    expect(progress[1].simulatedNs).toBeLessThan(progress[1].endNs);
  });

  it('ignores a cancel for a job it is not running, and reports bad jobs as errors', async () => {
    const runner = new SweepRunner(fakeClock(), 20);
    runner.cancel(5);
    const r = await runner.run(
      { jobId: 5, presetId: 'xen-tsq-limit', overrides: {}, seed: 1, durationMs: 20 },
      () => {},
    );
    expect(r.status).toBe('done');
    const bad = await runner.run(
      { jobId: 6, presetId: 'xen-tsq-limit', overrides: { 'tcp.sk_pacing_shift': 99 }, seed: 1 },
      () => {},
    );
    expect(bad.status).toBe('error');
  });
});

describe('a job with per-step samples (a Flent file)', () => {
  it('returns the same samples and summary as a headless run with steps', async () => {
    const job = {
      jobId: 7,
      presetId: 'bench-wired',
      overrides: { durationMs: 1500, warmupMs: 500 },
      seed: 3,
      stepMs: 200,
    };
    const r = await new SweepRunner(fakeClock()).run(job, () => {});
    if (r.status !== 'done') throw new Error(r.status);
    const direct = runScenarioSteps(jobScenario(job), 3, 200);
    expect(r.steps).toEqual(direct.steps);
    expect(r.summary.goodputBps).toBe(direct.summary.goodputBps);
    expect(r.steps!.tNs).toHaveLength(5);
  });
});
