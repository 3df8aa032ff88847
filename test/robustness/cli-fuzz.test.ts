/**
 * The command line fuzzed in process (issue 24): argument lists drawn from
 * presets, scenario paths that are devices, a FIFO, a directory or missing,
 * hostile --set pairs (fractional and sub-nanosecond intervals, list paths,
 * nested values, contradictory blocks, control characters), --sweep values
 * with control characters and odd --duration and --seed values. Each run is
 * a millisecond of simulated time. Nothing may throw anything but an Error
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
import { controlText, INTERVAL_PATHS, lengthValue, listPath, tinyValue } from './hostile-inputs';

const SEED = Number(process.env.TSQ_FC_SEED ?? 4_242);
const dir = mkdtempSync(join(tmpdir(), 'tsq-cli-fuzz-'));
const fifo = join(dir, 'pipe.json');
spawnSync('mkfifo', [fifo]);
const folder = join(dir, 'folder.json');
mkdirSync(folder);
const good = join(dir, 'good.json');
writeFileSync(good, JSON.stringify(findPreset('bench-wired')!.scenario()));
const counts = { ok: 0, refused: 0, devices: 0 };

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
);
const argv = fc
  .record({
    target,
    sets: fc.array(setPair, { maxLength: 2 }),
    sweep: fc.option(
      fc.tuple(
        fc.constantFrom('title', 'tcp.flows', 'pingIntervalMs'),
        fc.array(controlText(), { minLength: 1, maxLength: 2 }),
      ),
      { nil: undefined },
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
  ]);

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
          counts.ok++;
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          const m = (e as Error).message;
          expect(m.length).toBeGreaterThan(0);
          expect(visible(m), JSON.stringify(m)).toBe(true);
          if (/^\/dev\/|pipe\.json|folder\.json/.test(args[0]) && !m.startsWith('--')) {
            counts.devices++;
            expect(m).toMatch(
              /^cannot read scenario file .*: it is (a character device|a named pipe \(FIFO\)|a directory), not a regular file/,
            );
          }
          counts.refused++;
        }
      }),
      { numRuns: 400, seed: SEED },
    );
  }, 300_000);
});
