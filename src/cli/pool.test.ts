import { afterAll, describe, expect, it } from 'vitest';
import { runScenario, runTable } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import type { Scenario } from '../sim/scenario/scenario';
import { applyOverrides } from '../sim/scenario/validate';
import { parseArgs } from './args';
import { runCli } from './commands';
import { runTableParallel, SimPool } from './pool';

// Short runs: the point is that the pool returns what a run in this thread returns.
const SHORT_MS = 150;

describe('SimPool', () => {
  const pool = new SimPool(2);
  afterAll(() => pool.close());

  it('returns the same summaries as runs in this thread, in job order', async () => {
    const wired = findPreset('bench-wired')!.scenario();
    const wifi = findPreset('ath9k-pacing-shift')!.scenario();
    const jobs = [
      { scenario: wired, seed: 1, durationMs: SHORT_MS },
      { scenario: wifi, seed: 1, durationMs: SHORT_MS },
      {
        scenario: applyOverrides(wired, { 'router.qdisc.kind': 'pfifo_fast' }),
        seed: 3,
        durationMs: SHORT_MS,
      },
    ];
    const got = await pool.runAll(jobs);
    const want = jobs.map((j) => runScenario(j.scenario, j.seed, j.durationMs).summary);
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  });

  it('fills a reference table like runTable', async () => {
    const preset = findPreset('xen-tsq-limit')!;
    const got = await runTableParallel(pool, preset, 1, { durationMs: SHORT_MS });
    const want = runTable(preset, 1, { durationMs: SHORT_MS });
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  });

  it('rejects a job that throws and keeps working', async () => {
    const bad = {
      ...findPreset('bench-wired')!.scenario(),
      qdisc: { kind: 'no-such-qdisc' },
    } as unknown as Scenario;
    await expect(pool.run({ scenario: bad, seed: 1, durationMs: SHORT_MS })).rejects.toThrow();
    const ok = await pool.run({ scenario: findPreset('bench-wired')!.scenario(), seed: 1, durationMs: 50 });
    expect(ok.simulatedNs).toBe(50e6);
  });

  // Last: runCli closes the pool it is given when the sweep is done.
  it('runCli prints the same sweep with a pool as without one', async () => {
    const argv = [
      'bench-wired',
      '--sweep',
      'tcp.sk_pacing_shift=10,8,6',
      '--duration',
      `${SHORT_MS}ms`,
      '--format',
      'json',
    ];
    let serial = '';
    let pooled = '';
    expect(
      await runCli(
        parseArgs(argv),
        () => '',
        (s) => (serial += s),
      ),
    ).toBe(0);
    expect(
      await runCli(
        parseArgs(argv),
        () => '',
        (s) => (pooled += s),
        () => pool,
      ),
    ).toBe(0);
    expect(pooled).toBe(serial);
  });
});
