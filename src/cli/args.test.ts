/** CLI argument parsing: values, defaults, and error messages that name the flag and what is allowed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArgs, parseDuration } from './args';

function err(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('parseDuration', () => {
  it('reads ms, s (default) and m', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('10s')).toBe(10_000);
    expect(parseDuration('2.5')).toBe(2500);
    expect(parseDuration(' 2m ')).toBe(120_000);
    expect(parseDuration('1ms')).toBe(1);
    expect(parseDuration('60m')).toBe(3_600_000);
  });
  it.each(['', 'abc', '10h', '-5s', '1e3', '5 sec', '.5s'])(
    'rejects %j naming the flag and the forms allowed',
    (s) => {
      const m = err(() => parseDuration(s));
      expect(m).toContain('--duration');
      expect(m).toContain('500ms, 10s or 2m');
    },
  );
  it.each(['0s', '0ms', '0.5ms', '61m', '3601s'])('rejects %j as out of range, naming the range', (s) => {
    const m = err(() => parseDuration(s));
    expect(m).toContain('--duration');
    expect(m).toContain('from 1 ms to 1 hour');
  });
});

describe('parseArgs', () => {
  it('reads names of Object.prototype as targets, not as flags', () => {
    const a = parseArgs(['__proto__', 'constructor', '--seed', '2', 'toString']);
    expect(a.target).toBe('__proto__');
    expect(a.moreTargets).toEqual(['constructor', 'toString']);
    expect(a.seed).toBe(2);
    expect(err(() => parseArgs(['x', '--constructor']))).toContain('unknown option --constructor');
  });
  it('has defaults', () => {
    expect(parseArgs(['wired'])).toEqual({
      target: 'wired',
      set: {},
      sweep: null,
      durationMs: null,
      seed: 1,
      format: 'table',
      check: false,
      list: false,
      help: false,
      moreTargets: [],
      shard: null,
      merge: null,
      trace: null,
      flent: null,
      compare: null,
    });
  });
  it('reads every flag, separate or with =', () => {
    const a = parseArgs([
      '--set',
      'tcp.sk_pacing_shift=8',
      '--set=link.bql=false',
      'x.json',
      '--sweep',
      'qdisc.kind=fq,pfifo_fast',
      '--duration=3s',
      '--seed',
      '42',
      '--format=csv',
      '--check',
    ]);
    expect(a.target).toBe('x.json');
    expect(a.set).toEqual({ 'tcp.sk_pacing_shift': '8', 'link.bql': 'false' });
    expect(a.sweep).toEqual({ key: 'qdisc.kind', values: ['fq', 'pfifo_fast'] });
    expect([a.durationMs, a.seed, a.format, a.check]).toEqual([3000, 42, 'csv', true]);
    expect(parseArgs(['--sweep=a.b=1,2', 'p']).sweep).toEqual({ key: 'a.b', values: ['1', '2'] });
  });
  it('keeps "=" inside a --set value', () => {
    expect(parseArgs(['p', '--set', 'title=a=b']).set).toEqual({ title: 'a=b' });
  });
  it('names an unknown option as typed, quoting one with control characters', () => {
    expect(() => parseArgs(['--bogus'])).toThrow(/^unknown option --bogus: expected --set/);
    expect(() => parseArgs(['--bo\u001bgus'])).toThrow(/^unknown option "--bo\\u001bgus": expected/);
  });
  it('takes several targets (a batch, one row each) and --shard K/N', () => {
    const a = parseArgs(['a.json', 'b.json', 'c.json', '--shard', '2/3']);
    expect([a.target, a.moreTargets, a.shard]).toEqual(['a.json', ['b.json', 'c.json'], { k: 2, n: 3 }]);
    for (const bad of ['0/3', '4/3', '1', 'a/b', '1/0'])
      expect(() => parseArgs(['p', '--shard', bad])).toThrow(/^--shard .*: expected K\/N with 1 ≤ K ≤ N/);
  });
  it('merge takes files, --format and --check, and names what it does not know', () => {
    expect(parseArgs(['merge', 'a.jsonl', 'b.jsonl', '--format', 'csv', '--check']).merge).toEqual({
      files: ['a.jsonl', 'b.jsonl'],
      format: 'csv',
      check: true,
    });
    expect(() => parseArgs(['merge'])).toThrow('merge: name the shards’ JSON-lines files');
    expect(() => parseArgs(['merge', 'a', '--set', 'x=1'])).toThrow('merge: unknown option --set');
    expect(() => parseArgs(['merge', 'a', '--format', 'xml'])).toThrow('--format "xml": expected table');
  });

  it('needs no target with --list or --help', () => {
    expect(parseArgs(['--list']).list).toBe(true);
    expect(parseArgs(['-h']).help).toBe(true);
  });
  it('accepts seeds from 0 to 2^32 − 1', () => {
    expect(parseArgs(['p', '--seed', '0']).seed).toBe(0);
    expect(parseArgs(['p', '--seed', '4294967295']).seed).toBe(4294967295);
  });

  const cases: [string[], string, string][] = [
    [['p', '--seed', 'x'], '--seed', 'integer from 0 to 4294967295'],
    [['p', '--seed', '-1'], '--seed', 'integer from 0 to 4294967295'],
    [['p', '--seed', '4294967296'], '--seed', 'integer from 0 to 4294967295'],
    [['p', '--seed=1.5'], '--seed', 'integer from 0 to 4294967295'],
    [['p', '--format', 'xml'], '--format', 'table, json or csv'],
    [['p', '--duration', 'soon'], '--duration', '500ms, 10s or 2m'],
    [['p', '--set', 'novalue'], '--set', 'key=value'],
    [['p', '--set', '=1'], '--set', 'key=value'],
    [['p', '--sweep', 'k'], '--sweep', 'key=v1,v2'],
    [['p', '--sweep', 'k='], '--sweep', 'key=v1,v2'],
    [['p', '--seed'], '--seed', 'value'],
    [['p', '--format', '--check'], '--format', 'value'],
    [['p', '--set'], '--set', 'value'],
    [['p', '--bogus'], '--bogus', '--set'],
    [['p', '-x'], '-x', '--duration'],
  ];
  it.each(cases)('%j: the error names %s and what is allowed', (argv, flag, allowed) => {
    const m = err(() => parseArgs(argv));
    expect(m).toContain(flag);
    expect(m).toContain(allowed);
  });
  it('asks for a target when given none', () => {
    expect(err(() => parseArgs([]))).toContain('name a preset or a scenario file');
    expect(err(() => parseArgs(['--seed', '3']))).toContain('--list');
  });
  it('never throws anything but an Error with a non-empty message', () => {
    const tok = fc.oneof(
      fc.constantFrom(
        '--set',
        '--sweep',
        '--duration',
        '--seed',
        '--format',
        '--check',
        '--list',
        '--help',
        '-h',
        '--x',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(tok, { maxLength: 8 }), (argv) => {
        try {
          parseArgs(argv);
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          expect((e as Error).message.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
