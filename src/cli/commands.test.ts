import { describe, expect, it } from 'vitest';
import { findPreset } from '../sim/scenario/presets/index';
import { parseArgs } from './args';
import { runCli } from './commands';

async function cli(...argv: string[]): Promise<string> {
  let out = '';
  expect(
    await runCli(
      parseArgs(argv),
      () => '',
      (s) => (out += s),
    ),
  ).toBe(0);
  return out;
}

describe('--duration', () => {
  it('shorter than the warm-up: the warm-up shrinks with the run, so every cell is measured', async () => {
    expect(findPreset('ath9k-intermediate-queues')!.scenario().warmupMs).toBeGreaterThan(400);
    const out = await cli('ath9k-intermediate-queues', '--duration', '400ms', '--format', 'json');
    const { cells } = JSON.parse(out) as { cells: { simulated: number | null }[] };
    expect(cells).toHaveLength(12);
    expect(cells.every((c) => typeof c.simulated === 'number' && Number.isFinite(c.simulated))).toBe(true);
  });

  it('in a sweep of the run length itself, each run is as long as its value', async () => {
    const out = await cli(
      'bench-wired',
      '--sweep',
      'durationMs=100,200',
      '--set',
      'warmupMs=50',
      '--format',
      'json',
    );
    const rows = (JSON.parse(out) as { rows: { summary: { simulatedNs: number } }[] }).rows;
    expect(rows.map((r) => r.summary.simulatedNs)).toEqual([100e6, 200e6]);
  });
});
