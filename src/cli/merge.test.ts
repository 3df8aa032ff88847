/**
 * merge joins the shards of one batch only (issue 34, item 2): shards of
 * another target, --duration, --set, --seed or scenario file are refused with
 * both files named; a slice missing or given twice is refused; a line whose
 * summary is empty or forged is refused with its file and line.
 */
import { describe, expect, it } from 'vitest';
import { findPreset, PRESETS } from '../sim/scenario/presets/index';
import { cli } from './in-memory-cli.fixture';
import { nullsToNaN, SUMMARY_SCHEMA } from './summary-schema';

const SWEEP = ['--sweep', 'tcp.sk_pacing_shift=10,8,6', '--duration', '100ms'];

/** Shard k of n of `argv`, stored in `files` as `name`. */
async function shard(files: Map<string, string>, name: string, k: number, n: number, ...argv: string[]) {
  const r = await cli(files, ...argv, '--shard', `${k}/${n}`);
  expect(r.code).toBe(0);
  files.set(name, r.out);
}

describe('merge refuses shards of different batches, naming the files', () => {
  it.each([
    ['another target', ['bench-wifi', ...SWEEP], 'target: bench-wired in w1.jsonl, bench-wifi in x2.jsonl'],
    [
      'another --duration',
      ['bench-wired', ...SWEEP.slice(0, 2), '--duration', '50ms'],
      '--duration: 100 ms in w1.jsonl, 50 ms in x2.jsonl',
    ],
    [
      'another --set',
      ['bench-wired', ...SWEEP, '--set', 'tcp.cc=reno'],
      '--set: none in w1.jsonl, tcp.cc=reno in x2.jsonl',
    ],
    ['another --seed', ['bench-wired', ...SWEEP, '--seed', '2'], '--seed: 1 in w1.jsonl, 2 in x2.jsonl'],
    [
      'other --sweep values',
      ['bench-wired', '--sweep', 'tcp.sk_pacing_shift=10,7,6', '--duration', '100ms'],
      '--sweep values or targets: differ',
    ],
  ])('%s', async (_what, other, message) => {
    const files = new Map<string, string>();
    await shard(files, 'w1.jsonl', 1, 2, 'bench-wired', ...SWEEP);
    await shard(files, 'x2.jsonl', 2, 2, ...other);
    await expect(cli(files, 'merge', 'w1.jsonl', 'x2.jsonl')).rejects.toThrow(
      `merge: w1.jsonl and x2.jsonl hold shards of different batches (${message}`,
    );
  });

  it('a scenario file whose content changed between shards', async () => {
    const sc = findPreset('bench-wired')!.scenario();
    const files = new Map([['a.json', JSON.stringify(sc)]]);
    const argv = ['a.json', ...SWEEP];
    await shard(files, 's1', 1, 2, ...argv);
    files.set('a.json', JSON.stringify({ ...sc, router: { ...sc.router!, rateBps: 20e6 } }));
    await shard(files, 's2', 2, 2, ...argv);
    await expect(cli(files, 'merge', 's1', 's2')).rejects.toThrow(
      'merge: s1 and s2 hold shards of different batches (scenarios run (a scenario file changed between shards?): differ',
    );
  });

  it('shards of two splits of one batch (another N)', async () => {
    const files = new Map<string, string>();
    await shard(files, 'a', 1, 2, 'bench-wired', ...SWEEP);
    await shard(files, 'b', 2, 3, 'bench-wired', ...SWEEP);
    await expect(cli(files, 'merge', 'a', 'b')).rejects.toThrow(
      'merge: b line 1 is slice 2/3, a a slice of 2: merge the shards of one split (one N)',
    );
  });
});

describe('merge refuses a line that is not a whole shard line, with its file and line', () => {
  async function lines(): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    await shard(files, 's1', 1, 2, 'bench-wired', ...SWEEP);
    await shard(files, 's2', 2, 2, 'bench-wired', ...SWEEP);
    return files;
  }
  /** s2 with its first line changed by `edit`. */
  const forge = (files: Map<string, string>, edit: (l: Record<string, unknown>) => void) => {
    const [first, ...rest] = files.get('s2')!.split('\n');
    const l = JSON.parse(first) as Record<string, unknown>;
    edit(l);
    files.set('forged', [JSON.stringify(l), ...rest].join('\n'));
  };

  it.each([
    [
      'an empty summary',
      (l: Record<string, unknown>) => (l.summary = {}),
      'summary must have required property',
    ],
    [
      'no summary',
      (l: Record<string, unknown>) => delete l.summary,
      "the line must have required property 'summary'",
    ],
    [
      'a number as text',
      (l: Record<string, unknown>) => ((l.summary as Record<string, unknown>).goodputBps = '1e9'),
      'summary.goodputBps must be number,null',
    ],
    [
      'a forged field',
      (l: Record<string, unknown>) => ((l.summary as Record<string, unknown>).admin = true),
      'summary must NOT have additional properties (admin)',
    ],
    [
      'flows that are not a list',
      (l: Record<string, unknown>) => ((l.summary as Record<string, unknown>).flows = { 0: {} }),
      'summary.flows must be array',
    ],
    [
      'a job outside its slice',
      (l: Record<string, unknown>) => (l.job = 2),
      'job 2 is not in slice 2/2 of 3 jobs',
    ],
    [
      'an old layout',
      (l: Record<string, unknown>) => (l.tsqLabShard = 1),
      'a --shard line of layout 1, this version reads 2',
    ],
  ])('%s', async (_what, edit, message) => {
    const files = await lines();
    forge(files, edit);
    await expect(cli(files, 'merge', 's1', 'forged')).rejects.toThrow(`forged line 1`);
    await expect(cli(files, 'merge', 's1', 'forged')).rejects.toThrow(message);
  });

  it('a __proto__ key in a summary is refused, not merged into an object', async () => {
    const files = await lines();
    const [first] = files.get('s2')!.split('\n');
    files.set('forged', first.replace('"summary":{', '"summary":{"__proto__":{"goodputBps":1},'));
    await expect(cli(files, 'merge', 's1', 'forged')).rejects.toThrow(
      'forged line 1: not a whole --shard line: summary must NOT have additional properties (__proto__)',
    );
  });

  it('the proper set still merges to the unsharded output', async () => {
    const files = await lines();
    const whole = await cli(new Map(), 'bench-wired', ...SWEEP, '--format', 'csv');
    expect(await cli(files, 'merge', 's2', 's1', '--format', 'csv')).toEqual(whole);
  });
});

describe('the summary schema', () => {
  it.each(PRESETS.map((p) => p.id))(
    'holds every summary of %s (a field added to Summary needs it too)',
    async (id) => {
      const files = new Map<string, string>();
      await shard(files, 's', 1, 1, id, '--duration', '5ms');
      expect((await cli(files, 'merge', 's', '--format', 'json')).code).toBe(0);
    },
  );

  it('reads null back as NaN where a number is missing, and keeps the nulls a summary has', () => {
    const s = {
      medianAggregate: null,
      tsqBudget: null,
      flowShares: [{ name: 'a', startMs: 0, stopMs: null, baseRttMs: null, goodputBps: 1, meanSrttMs: 2 }],
      flows: [{ srttMs: { p10: null, median: 1, p90: 2 } }],
      seriesMeans: { a: null },
    };
    const back = nullsToNaN(SUMMARY_SCHEMA, s) as typeof s;
    expect(back.medianAggregate).toBeNaN();
    expect(back.tsqBudget).toBeNull();
    expect(back.flowShares[0].stopMs).toBeNull();
    expect(back.flowShares[0].baseRttMs).toBeNaN();
    expect(back.flows[0].srttMs.p10).toBeNaN();
    expect(back.seriesMeans.a).toBeNaN();
  });
});
