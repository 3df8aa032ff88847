/**
 * The command line fuzzed in process (issue 24): argument lists drawn from
 * presets, scenario paths that are devices, a FIFO, a directory or missing,
 * hostile --set pairs (fractional and sub-nanosecond intervals, list paths,
 * nested values, contradictory blocks, control characters), --sweep values
 * with control characters and odd --duration and --seed values; and (issue
 * 34) paths through a prototype (`__proto__`, `constructor`, `prototype`
 * anywhere in the path), sweeps larger than one invocation may run (with and
 * without --shard), and empty or "-" output paths. Each run is a millisecond
 * of simulated time. Nothing may throw anything but an Error
 * with a one-line, escaped message; output never carries a control
 * character but newlines; a device or FIFO is never read (a FIFO would block).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { runCli } from '../../src/cli/commands';
import { readScenarioFile } from '../../src/cli/read-file';
import { findPreset } from '../../src/sim/scenario/presets/index';
import { MAX_RUNS } from '../../src/cli/batch';
import { controlText, INTERVAL_PATHS, lengthValue, listPath, protoPath, tinyValue } from './hostile-inputs';

const SEED = Number(process.env.TSQ_FC_SEED ?? 4_242);
const dir = mkdtempSync(join(tmpdir(), 'tsq-cli-fuzz-'));
const fifo = join(dir, 'pipe.json');
spawnSync('mkfifo', [fifo]);
const folder = join(dir, 'folder.json');
mkdirSync(folder);
const good = join(dir, 'good.json');
writeFileSync(good, JSON.stringify(findPreset('bench-wired')!.scenario()));
const counts = { ok: 0, refused: 0, devices: 0, proto: 0, oversized: 0 };

const visible = (s: string) =>
  [...s].every((c) => c === '\n' || (c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f));

const target = fc.oneof(
  fc.constantFrom('bench-wired', 'bench-wifi', 'first-tsq', good),
  fc.constantFrom('/dev/zero', '/dev/urandom', '/dev/null', fifo, folder, join(dir, 'missing.json')),
);
const setPair = fc.oneof(
  fc.tuple(fc.constantFrom(...INTERVAL_PATHS), tinyValue()),
  fc.tuple(listPath(), lengthValue()),
  fc.tuple(fc.constantFrom('title', 'wifi.stations.0.name'), controlText()),
  fc.tuple(
    fc.constantFrom('router', 'link.xen', 'wifi'),
    fc.constantFrom('{}', '[[[[1]]]]', 'null', '{"x":1}'),
  ),
  { weight: 2, arbitrary: fc.tuple(protoPath(), fc.constantFrom('1', '{"polluted":1}', 'null', '[]')) },
);
/** A sweep of a few values, or of more than one invocation runs (then maybe as a shard). */
const sweep = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(
      fc.constantFrom('title', 'tcp.flows', 'pingIntervalMs'),
      fc.array(controlText(), { minLength: 1, maxLength: 2 }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom('tcp.sk_pacing_shift', '__proto__', 'tcp.constructor'),
      fc
        .integer({ min: MAX_RUNS + 1, max: 70_000 })
        .map((n) => Array.from({ length: n }, (_, i) => String(i % 11))),
    ),
  },
);
const argv = fc
  .record({
    target,
    sets: fc.array(setPair, { maxLength: 2 }),
    sweep: fc.option(sweep, { nil: undefined }),
    shard: fc.option(fc.constantFrom('1/2', '3/20', '1/1'), { nil: undefined }),
    // An output path now and then: empty (refused) or "-" (standard output).
    output: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom('--flent', '--trace', '--compare'), fc.constantFrom('', '-')),
      },
    ),
    seed: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('1', '7') },
      { weight: 1, arbitrary: fc.constantFrom('1.5', '-1', '4294967296', '\u001b') },
    ),
    format: fc.constantFrom('table', 'json', 'csv'),
  })
  .map((a) => [
    a.target,
    '--duration',
    '1ms',
    '--seed',
    a.seed,
    '--format',
    a.format,
    ...a.sets.flatMap(([k, v]) => ['--set', `${k}=${v}`]),
    ...(a.sweep ? ['--sweep', `${a.sweep[0]}=${a.sweep[1].map((v) => v.replace(/,/g, ';')).join(',')}`] : []),
    ...(a.sweep && a.shard ? ['--shard', a.shard] : []),
    ...(a.output ?? []),
  ]);

/** The refusal of a batch too large for one invocation. */
const SIZE = /^(\d+ runs|a batch of \d+ runs)/;

/** What a refusal must say about the hostile parts of `args`. */
function checkRefusal(args: string[], m: string): void {
  const sweep = args[args.indexOf('--sweep') + 1] ?? '';
  const values = args.includes('--sweep') ? sweep.slice(sweep.indexOf('=') + 1).split(',').length : 0;
  if (values > MAX_RUNS && SIZE.test(m)) {
    counts.oversized++;
    expect(m).toMatch(/--shard K\/N with N ≥ \d+|at most 65536 in one batch/);
  }
  const paths = args.flatMap((a, i) =>
    args[i - 1] === '--set' || args[i - 1] === '--sweep' ? [a.split('=')[0]] : [],
  );
  const proto = paths.find((p) =>
    p.split('.').some((part) => /^(__proto__|constructor|prototype)$/.test(part)),
  );
  if (proto && m.includes(proto)) {
    counts.proto++;
    expect(m).toContain(`${proto} is not a field of this scenario`);
  }
  for (const flag of ['--flent', '--trace', '--compare'])
    if (args[args.indexOf(flag) + 1] === '' && args.includes(flag) && m.startsWith(flag))
      expect(m).toContain(`${flag} ''`);
}

describe('the CLI fuzzed in process', () => {
  afterAll(() => console.log(`robustness/cli-fuzz: ${JSON.stringify(counts)}`));

  it('400 argument lists: an exit code or one plain Error; devices and FIFOs refused unread', async () => {
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        let out = '';
        try {
          const code = await runCli(
            parseArgs(args),
            (p) => readScenarioFile(p),
            (s) => (out += s),
          );
          expect([0, 1]).toContain(code);
          expect(visible(out)).toBe(true);
          // Nothing hostile runs: a prototype path, an oversized sweep or an empty output path.
          expect(args.some((a) => /(^|\.)(__proto__|constructor|prototype)(\.|=)/.test(a))).toBe(false);
          counts.ok++;
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          const m = (e as Error).message;
          expect(m.length).toBeGreaterThan(0);
          expect(visible(m), JSON.stringify(m)).toBe(true);
          if (/^\/dev\/|pipe\.json|folder\.json/.test(args[0]) && !m.startsWith('--') && !SIZE.test(m)) {
            counts.devices++;
            expect(m).toMatch(
              /^cannot read scenario file .*: it is (a character device|a named pipe \(FIFO\)|a directory), not a regular file/,
            );
          }
          checkRefusal(args, m);
          counts.refused++;
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 400, seed: SEED },
    );
  }, 300_000);
});
