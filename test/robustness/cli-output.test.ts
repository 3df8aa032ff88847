/**
 * The command line's output and input at the edges (issue 24): a sweep of
 * over a megabyte through a pipe arrives whole (the process used to exit with
 * the pipe's first 64 KiB written); a scenario path to a device, a FIFO or a
 * directory is refused by name without reading it; a title with terminal
 * escapes is printed escaped. Each child process is bounded by a timeout, so
 * a regression (a FIFO read that blocks) fails instead of hanging the suite.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../src/sim/scenario/presets/index';

const dir = mkdtempSync(join(tmpdir(), 'tsq-cli-out-'));
const CLI = ['--import', 'tsx', 'src/cli/main.ts'];

function sim(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [...CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Runs the CLI with its stdout piped through `cat`, as `npm run sim … | cat` does. */
function throughCat(...args: string[]): { code: number | null; out: string; err: string } {
  const quoted = [process.execPath, ...CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', `${quoted} | cat`], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** An AP with 50 stations: each sweep point's summary lists all of them (about 12 KB of JSON). */
function fiftyStations(): string {
  const sc = findPreset('bench-wifi')!.scenario();
  const st = sc.wifi!.stations[0];
  sc.wifi!.stations = Array.from({ length: 50 }, (_, i) => ({ ...st, name: `sta ${i}` }));
  const file = join(dir, 'fifty.json');
  writeFileSync(file, JSON.stringify(sc));
  return file;
}

describe('CLI output through a pipe', () => {
  it('a JSON sweep of over 1 MB piped through cat arrives whole and parses', () => {
    const values = Array.from({ length: 100 }, (_, i) => String(i + 1)).join(',');
    const r = throughCat(
      fiftyStations(),
      '--duration',
      '1ms',
      '--format',
      'json',
      '--sweep',
      `tcp.initialCwnd=${values}`,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.length).toBeGreaterThan(1 << 20);
    const doc = JSON.parse(r.out) as {
      key: string;
      rows: { value: string; summary: { stations: unknown[] } }[];
    };
    expect(doc.key).toBe('tcp.initialCwnd');
    expect(doc.rows.map((x) => x.value)).toEqual(values.split(','));
    expect(doc.rows.every((x) => x.summary.stations.length === 50)).toBe(true);
  });

  it('an error on stderr through a pipe keeps its exit code 2', () => {
    const r = throughCat('bench-wired', '--set', 'tcp.flows=0');
    expect(r.code).toBe(2);
    expect(r.err).toContain('error: tcp.flows = 0 is not allowed');
  });
});

describe('scenario paths that are not regular files', () => {
  it('/dev/zero is refused as a character device, naming the path', () => {
    const r = sim('/dev/zero');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'error: cannot read scenario file /dev/zero: it is a character device, not a regular file',
    );
  });

  it('/dev/urandom behind a .json name (a symlink) is refused the same way', () => {
    const link = join(dir, 'random.json');
    symlinkSync('/dev/urandom', link);
    const r = sim(link);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`cannot read scenario file ${link}: it is a character device`);
  });

  it('a named pipe is refused without waiting for a writer', () => {
    const fifo = join(dir, 'pipe.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = sim(fifo);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `cannot read scenario file ${fifo}: it is a named pipe (FIFO), not a regular file`,
    );
  });

  it('a directory, a missing file and a file over the limit are refused by name', () => {
    const d = join(dir, 'folder.json');
    spawnSync('mkdir', [d]);
    expect(sim(d).err).toContain(`cannot read scenario file ${d}: it is a directory`);
    expect(sim(join(dir, 'none.json')).err).toContain('none.json: there is no such file');
    const big = join(dir, 'big.json');
    writeFileSync(big, ' '.repeat((1 << 20) + 10));
    const r = sim(big);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `cannot read scenario file ${big}: it has 1048586 bytes: a scenario file (JSON, a few KB) has at most 1048576`,
    );
  });
});

describe('terminal escapes from the user', () => {
  it('a title with escape sequences is printed escaped by --format table', () => {
    const sc = findPreset('bench-wired')!.scenario();
    sc.title = 'run \u001b[2J\u001b[31mred\u0007 \r over';
    const file = join(dir, 'escapes.json');
    writeFileSync(file, JSON.stringify(sc));
    const r = sim(file, '--duration', '5ms');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('run \\u001b[2J\\u001b[31mred\\u0007 \\r over');
    expect([...r.out].every((c) => c === '\n' || c.charCodeAt(0) >= 0x20)).toBe(true);
  });

  it('a --sweep of the title prints its values escaped in table and CSV', () => {
    for (const format of ['table', 'csv']) {
      const r = sim('bench-wired', '--duration', '2ms', '--format', format, '--sweep', 'title=a\u001b[2Jb,c');
      expect(r.code).toBe(0);
      expect(r.out).toContain('a\\u001b[2Jb');
      expect(r.out).not.toContain('\u001b');
    }
  });
});
