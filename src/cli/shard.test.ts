/** --shard K/N and merge: the shards of a batch, merged, print what the unsharded run prints, byte for byte. */
import { describe, expect, it } from 'vitest';
import { findPreset } from '../sim/scenario/presets/index';
import { cli } from './in-memory-cli.fixture';
import { shardJobs } from './shard';

/** Runs the batch as N shards, then merges their files (given in reverse order). */
async function sharded(n: number, argv: string[], mergeArgv: string[]): Promise<string> {
  const files = new Map<string, string>();
  for (let k = 1; k <= n; k++) {
    const r = await cli(files, ...argv, '--shard', `${k}/${n}`);
    expect(r.code).toBe(0);
    files.set(`s${k}.jsonl`, r.out);
  }
  const names = [...files.keys()].reverse();
  const m = await cli(files, 'merge', ...names, ...mergeArgv);
  expect(m.code).toBe(0);
  return m.out;
}

const SWEEP = ['bench-wired', '--sweep', 'tcp.sk_pacing_shift=10,9,8,7,6', '--duration', '300ms'];

describe('shards merged equal the unsharded run', () => {
  it.each(['table', 'csv', 'json'])('a 5-point sweep in 4 shards, --format %s', async (format) => {
    const whole = await cli(new Map(), ...SWEEP, '--format', format);
    expect(whole.code).toBe(0);
    expect(await sharded(4, SWEEP, ['--format', format])).toBe(whole.out);
  });

  it('a reference table in 4 shards, with --check', async () => {
    const argv = ['brcmfmac-fc-mode', '--duration', '300ms'];
    const whole = await cli(new Map(), ...argv, '--format', 'csv', '--check');
    const runs = findPreset('brcmfmac-fc-mode')!.table!.runs.length;
    expect(whole.out.trim().split('\n').length).toBeGreaterThan(runs);
    const files = new Map<string, string>();
    for (let k = 1; k <= 4; k++) files.set(`s${k}`, (await cli(files, ...argv, '--shard', `${k}/4`)).out);
    const m = await cli(files, 'merge', 's1', 's2', 's3', 's4', '--format', 'csv', '--check');
    expect(m).toEqual(whole);
  });

  it('several scenario files: one row each, sharded or not', async () => {
    const sc = (title: string, rate: number) => {
      const s = findPreset('bench-wired')!.scenario();
      return JSON.stringify({ ...s, title, router: { ...s.router!, rateBps: rate } });
    };
    const files = new Map([
      ['a.json', sc('A', 50e6)],
      ['b.json', sc('B', 20e6)],
      ['c.json', sc('C', 10e6)],
    ]);
    const argv = ['a.json', 'b.json', 'c.json', '--duration', '300ms', '--format', 'csv'];
    const whole = await cli(files, ...argv);
    const lines = whole.out.trim().split('\n');
    expect(lines.map((l) => l.split(',')[0])).toEqual(['scenario', 'a.json', 'b.json', 'c.json']);
    // The bottleneck rate of each file bounds its goodput.
    const goodput = lines.slice(1).map((l) => Number(l.split(',')[1]));
    expect(goodput[0]).toBeGreaterThan(goodput[1]);
    expect(goodput[1]).toBeGreaterThan(goodput[2]);
    for (let k = 1; k <= 2; k++) files.set(`s${k}`, (await cli(files, ...argv, '--shard', `${k}/2`)).out);
    expect((await cli(files, 'merge', 's2', 's1', '--format', 'csv')).out).toBe(whole.out);
  });

  it('more shards than jobs: the extra shards are empty, and the merge is the same', async () => {
    const argv = ['bench-wired', '--sweep', 'tcp.sk_pacing_shift=10,8', '--duration', '200ms'];
    const whole = await cli(new Map(), ...argv);
    expect(await sharded(3, argv, [])).toBe(whole.out);
  });
});

describe('merge names what is wrong', () => {
  async function shardFiles(): Promise<Map<string, string>> {
    const argv = ['bench-wired', '--sweep', 'tcp.sk_pacing_shift=10,9,8', '--duration', '200ms'];
    const files = new Map<string, string>();
    for (let k = 1; k <= 3; k++) files.set(`s${k}`, (await cli(files, ...argv, '--shard', `${k}/3`)).out);
    return files;
  }

  it('a missing shard, a foreign line, a broken line, a file it cannot read', async () => {
    const files = await shardFiles();
    await expect(cli(files, 'merge', 's1', 's3')).rejects.toThrow(
      "merge: 1 of 3 jobs missing (job 1) of slice 2/3: is a shard's file missing or cut short?",
    );
    const other = (await cli(files, 'bench-wired', '--sweep', 'tcp.cc=reno', '--shard', '1/1')).out;
    files.set('other', other);
    await expect(cli(files, 'merge', 's1', 's2', 's3', 'other')).rejects.toThrow(
      'merge: s1 and other hold shards of different batches (--duration: 200 ms in s1, the scenario',
    );
    files.set('broken', files.get('s1')!.slice(0, 40));
    await expect(cli(files, 'merge', 's2', 'broken')).rejects.toThrow('broken line 1: not a JSON line');
    files.set('text', 'hello\n');
    await expect(cli(files, 'merge', 'text')).rejects.toThrow('text line 1: not a JSON line');
    files.set('json', '{"a":1}\n');
    await expect(cli(files, 'merge', 'json')).rejects.toThrow('not a line written by --shard');
    await expect(cli(files, 'merge', 'nope.jsonl')).rejects.toThrow('cannot read shard file nope.jsonl');
  });

  it('a shard given twice is refused, with the same results or not', async () => {
    const files = await shardFiles();
    files.set('again', files.get('s2')!);
    await expect(cli(files, 'merge', 's1', 's2', 's3', 'again')).rejects.toThrow(
      'merge: slice 2/3 given twice (job 1 9 in s2 line 1 and again line 1)',
    );
    await expect(cli(files, 'merge', 's1', 's2', 's3', 's2')).rejects.toThrow('merge: s2 is named twice');
  });

  it('a sweep over several files is refused before anything runs', async () => {
    await expect(cli(new Map(), 'a.json', 'b.json', '--sweep', 'tcp.cc=reno')).rejects.toThrow(
      '--sweep takes one preset or scenario file, not several',
    );
  });
});

describe('shard helpers', () => {
  it('interleaves: every job in exactly one shard, in order', () => {
    expect([1, 2, 3].map((k) => shardJobs(8, k, 3))).toEqual([
      [0, 3, 6],
      [1, 4, 7],
      [2, 5],
    ]);
    for (let n = 1; n <= 7; n++) {
      const all = Array.from({ length: n }, (_, k) => shardJobs(20, k + 1, n)).flat();
      expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    }
  });

  it('a missing value travels as null and comes back as NaN; a null of the summary stays null', async () => {
    // bench-wired has no aggregation (NaN) and a flow share that writes to the end (stopMs null).
    const argv = ['bench-wired', '--duration', '200ms', '--format', 'json'];
    const files = new Map([['s', (await cli(new Map(), ...argv, '--shard', '1/1')).out]]);
    expect(files.get('s')).toContain('"medianAggregate":null');
    expect(files.get('s')).not.toContain('$num');
    expect((await cli(files, 'merge', 's', '--format', 'csv')).out).toBe(
      (await cli(new Map(), ...argv.slice(0, 3), '--format', 'csv')).out,
    );
  });
});
