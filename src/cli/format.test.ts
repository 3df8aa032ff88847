/**
 * One convention for a missing value (issue 34, item 12): an empty CSV cell
 * (as Flent and pandas read it) in every CSV the CLI writes, null in JSON,
 * shard lines included; the table shows "-".
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { runCli } from './commands';

async function cli(...argv: string[]): Promise<string> {
  let out = '';
  const code = await runCli(
    parseArgs(argv),
    () => '',
    (s) => (out += s),
  );
  expect(code).toBe(0);
  return out;
}

/** The cells of a CSV's rows (no field of these outputs is quoted). */
const cells = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .map((l) => l.split(','));

// A wired run has no aggregation and no CPU model: those values are missing.
const RUN = ['bench-wired', '--duration', '100ms'];

describe('a missing value', () => {
  it('is an empty cell in a single run’s CSV', async () => {
    const rows = new Map(cells(await cli(...RUN, '--format', 'csv')).map(([k, v]) => [k, v]));
    expect(rows.get('median_aggregate')).toBe('');
    expect(rows.get('cpu_busy')).toBe('');
    expect(rows.get('goodput_mbps')).toMatch(/^\d+(\.\d+)?$/);
  });

  it('is an empty cell in a sweep’s CSV, and in its merge', async () => {
    const argv = [...RUN, '--sweep', 'tcp.sk_pacing_shift=10,8', '--format', 'csv'];
    const out = await cli(...argv);
    const [head, ...rows] = cells(out);
    const col = head.indexOf('median_aggregate');
    expect(rows.map((r) => r[col])).toEqual(['', '']);
    expect(rows.every((r) => r.every((c) => c !== '-' && c !== 'NaN'))).toBe(true);
  });

  it('is null in JSON and in a shard line, never NaN, "-" or {"$num": …}', async () => {
    const json = await cli(...RUN, '--format', 'json');
    expect(JSON.parse(json).summary.medianAggregate).toBeNull();
    const line = await cli(...RUN, '--shard', '1/1');
    expect(line).toContain('"medianAggregate":null');
    expect(line).not.toMatch(/NaN|\$num|Infinity/);
  });

  it('is "-" in the table', async () => {
    expect(await cli(...RUN)).toMatch(/^median_aggregate\s+-\s+frames$/m);
  });
});
