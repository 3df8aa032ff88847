/**
 * merge fuzzed (issue 34): sets of shard files drawn from several batches
 * (another target, --duration, --set, another split of the same batch, more
 * shards than jobs), with slices left out or given twice, and lines forged:
 * an empty or cut summary, a field of the wrong type or an unknown one, a
 * `__proto__` key, a changed identity, a cut line. A set of every slice of
 * one batch, unchanged, merges to the unsharded output byte for byte; any
 * other set is refused with one plain Error naming a file (or, for a missing
 * slice, the slice), never "Cannot read properties of undefined"; nothing
 * reaches Object.prototype.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { runCli } from '../../src/cli/commands';

const SEED = Number(process.env.TSQ_FC_SEED ?? 3_434);
const SWEEP = ['--sweep', 'tcp.sk_pacing_shift=10,8,6', '--duration', '20ms'];

/** Batches: their argv and how many shards they are split in. */
const BATCHES: Record<string, { argv: string[]; n: number }> = {
  A: { argv: ['bench-wired', ...SWEEP], n: 2 },
  B: { argv: ['bench-wifi', ...SWEEP], n: 2 },
  C: { argv: ['bench-wired', ...SWEEP.slice(0, 2), '--duration', '10ms'], n: 2 },
  D: { argv: ['bench-wired', ...SWEEP, '--set', 'tcp.cc=reno'], n: 2 },
  // A split in three, and in four (the fourth shard is empty: more shards than jobs).
  E: { argv: ['bench-wired', ...SWEEP], n: 3 },
  F: { argv: ['bench-wired', ...SWEEP], n: 4 },
};

const files = new Map<string, string>();
const whole = new Map<string, string>();
const counts = { merged: 0, refused: 0 };

async function cli(fs: Map<string, string>, ...argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const read = (p: string): string => {
    const t = fs.get(p);
    if (t === undefined) throw new Error('ENOENT');
    return t;
  };
  const code = await runCli(parseArgs(argv), read, (s) => (out += s));
  return { code, out };
}

beforeAll(async () => {
  for (const [b, { argv, n }] of Object.entries(BATCHES)) {
    whole.set(b, (await cli(new Map(), ...argv, '--format', 'csv')).out);
    for (let k = 1; k <= n; k++)
      files.set(`${b}${k}`, (await cli(new Map(), ...argv, '--shard', `${k}/${n}`)).out);
  }
}, 120_000);

type Forgery = { kind: string; value: unknown; at: number };

/** JSON values a forger may put in a field. */
const junk = fc.oneof(
  fc.constantFrom(null, '', 'NaN', '1e309', -1, 1e308, 0.5, [], {}, { $num: 'NaN' }, '\u001b[2J', true),
  fc.string({ maxLength: 8 }),
  fc.double(),
);

const forgery: fc.Arbitrary<Forgery> = fc.record({
  kind: fc.constantFrom(
    'empty-summary',
    'drop-field',
    'field-value',
    'unknown-field',
    'proto',
    'identity',
    'cut',
    'job',
    'slice',
  ),
  value: junk,
  at: fc.nat(),
});

/** The line with one forgery applied (a line's JSON, or its text cut short). */
function forge(text: string, f: Forgery): string {
  if (f.kind === 'cut') return text.slice(0, f.at % Math.max(1, text.length));
  const l = JSON.parse(text) as Record<string, Record<string, unknown>>;
  const keys = Object.keys(l.summary);
  const key = keys[f.at % keys.length];
  if (f.kind === 'empty-summary') l.summary = {};
  else if (f.kind === 'drop-field') delete l.summary[key];
  else if (f.kind === 'field-value') l.summary[key] = f.value;
  else if (f.kind === 'unknown-field') l.summary[`x${f.at % 5}`] = f.value;
  else if (f.kind === 'identity') {
    const ids = Object.keys(l.batch);
    l.batch[ids[f.at % ids.length]] = f.value;
  } else if (f.kind === 'job') (l as Record<string, unknown>).job = f.value;
  else if (f.kind === 'slice') (l as Record<string, unknown>).shard = f.value;
  else return text.replace('"summary":{', `"summary":{"__proto__":${JSON.stringify({ polluted: f.value })},`);
  return JSON.stringify(l);
}

/** Every non-empty slice of one batch once: the one set that must merge. */
function properSet(names: string[]): string | null {
  // An empty shard (more shards than jobs) has no line to say whose it is.
  const batches = new Set(names.filter((n) => files.get(n) !== '').map((n) => n[0]));
  if (batches.size !== 1) return null;
  const b = [...batches][0];
  const full = [...Array(BATCHES[b].n).keys()].map((k) => `${b}${k + 1}`).filter((n) => files.get(n) !== '');
  const given = names.filter((n) => files.get(n) !== '');
  return given.length === full.length && full.every((n) => given.includes(n)) ? b : null;
}

describe('merge fuzzed', () => {
  it('400 sets of shard files: the unsharded output, or one plain Error naming a file or slice', async () => {
    const names = [...files.keys()];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 2, arbitrary: fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 5 }) },
          // Every shard of one batch, in any order: a proper set, unless a forgery spoils it.
          {
            weight: 1,
            arbitrary: fc.constantFrom(...Object.keys(BATCHES)).chain((b) => {
              const all = names.filter((n) => n[0] === b);
              return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
            }),
          },
        ),
        fc.option(fc.tuple(fc.nat(), forgery), { nil: undefined, freq: 2 }),
        fc.constantFrom('table', 'csv', 'json'),
        async (picked, forged, format) => {
          const fs = new Map(picked.map((n, i) => [`f${i}-${n}`, files.get(n)!]));
          let edited = false;
          if (forged) {
            const [which, f] = forged;
            const name = [...fs.keys()][which % fs.size];
            const lines = fs.get(name)!.split('\n');
            if (lines[0] !== '') {
              const forgedLine = forge(lines[0], f);
              edited = forgedLine !== lines[0];
              fs.set(name, [forgedLine, ...lines.slice(1)].join('\n'));
            }
          }
          const proper = edited ? null : properSet(picked);
          let r: { code: number; out: string } | null = null;
          let err: unknown = null;
          try {
            r = await cli(fs, 'merge', ...fs.keys(), '--format', format);
          } catch (e) {
            err = e;
          }
          if (r) {
            counts.merged++;
            // A forged value of the right type passes the schema: only an unforged set is compared.
            if (!edited) {
              expect(proper, `merged ${picked.join(' ')}`).not.toBeNull();
              const want =
                format === 'csv'
                  ? whole.get(proper!)
                  : (await cli(new Map(), ...BATCHES[proper!].argv, '--format', format)).out;
              expect(r.out).toBe(want);
            }
          } else {
            counts.refused++;
            expect(err).toBeInstanceOf(Error);
            expect((err as Error).constructor).toBe(Error);
            const m = (err as Error).message;
            expect(proper, `a proper set refused: ${m}`).toBeNull();
            expect(m).not.toMatch(/Cannot read|undefined|is not a function|NaN/);
            expect(m).toMatch(/^(f\d-\w+ line \d+|merge: )/);
            expect([...m].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)).toBe(true);
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 400, seed: SEED },
    );
    console.log(`robustness/shard-fuzz: ${JSON.stringify(counts)}`);
    expect(counts.merged).toBeGreaterThan(10);
  }, 300_000);
});
