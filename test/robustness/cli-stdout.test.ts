/**
 * Output paths of the command line (issue 34, item 7): `--flent -` and
 * `--trace -` write the file to standard output, as Unix tools do, and the
 * text that would have gone there goes to standard error; no file named "-"
 * is made. A write error names the flag and the path; an empty path is refused.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

function sim(...args: string[]): { code: number | null; out: Buffer; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    timeout: 120_000,
    maxBuffer: 256 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr.toString('utf8') };
}

describe('- is standard output', () => {
  it('--flent -: the Flent file on stdout, its medians on stderr', () => {
    const r = sim('bench-wired', '--duration', '400ms', '--flent', '-');
    expect(r.code, r.err).toBe(0);
    const flent = JSON.parse(gunzipSync(r.out).toString('utf8')) as { version: number; results: object };
    expect(flent.version).toBeGreaterThan(0);
    expect(Object.keys(flent.results).length).toBeGreaterThan(0);
    expect(r.err).toMatch(/median/i);
    expect(existsSync('-')).toBe(false);
  });

  it('--trace -: the trace-event JSON on stdout, the note on stderr', () => {
    const r = sim('bench-wired', '--duration', '100ms', '--trace', '-');
    expect(r.code, r.err).toBe(0);
    const trace = JSON.parse(r.out.toString('utf8')) as { traceEvents: unknown[] };
    expect(trace.traceEvents.length).toBeGreaterThan(0);
    expect(r.err).toMatch(/^wrote standard output: \d+ trace events/);
    expect(existsSync('-')).toBe(false);
  });
});

describe('a path that cannot be written', () => {
  it.each([
    ['--trace', '/nonexistent-dir/t.json'],
    ['--flent', '/nonexistent-dir/r.flent.gz'],
  ])('%s %s exits 2 naming the flag and the path', (flag, path) => {
    const r = sim('bench-wired', '--duration', '5ms', flag, path);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`error: ${flag}: cannot write ${path} (`);
    expect(r.out.length).toBe(0);
  });

  it("--flent '' exits 2 naming the flag", () => {
    const r = sim('bench-wired', '--duration', '5ms', '--flent', '');
    expect(r.code).toBe(2);
    expect(r.err).toContain("error: --flent '': name a file (or - for standard output)");
  });
});
