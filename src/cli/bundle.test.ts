/**
 * The CLI bundle (scripts/build-cli.mjs): copied away from the checkout, its
 * files alone run the CLI and its sweep workers and print what the sources
 * print, with V8's code cache of the core or without it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { runCli } from './commands';
import { buildCli, CLI_FILES, CODE_CACHE, isStale } from '../../scripts/build-cli.mjs';

let dir = '';

beforeAll(async () => {
  if (isStale()) await buildCli();
  dir = mkdtempSync(join(tmpdir(), 'tsq-lab-bundle-'));
  for (const f of [...CLI_FILES, CODE_CACHE]) copyFileSync(f, join(dir, basename(f)));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fromSources(argv: string[]): Promise<string> {
  let out = '';
  await runCli(
    parseArgs(argv),
    () => '',
    (s) => (out += s),
  );
  return out;
}

describe('the bundle', () => {
  it('starts with a shebang, so it can be a package bin', () => {
    expect(readFileSync(join(dir, 'tsq-lab.cjs'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('runs a sweep on its worker pool outside the checkout, as the sources do', async () => {
    const argv = [
      'bench-wired',
      '--sweep',
      'tcp.sk_pacing_shift=10,8',
      '--duration',
      '200ms',
      '--format',
      'csv',
    ];
    const out = execFileSync(process.execPath, [join(dir, 'tsq-lab.cjs'), ...argv], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(out).toBe(await fromSources(argv));
  });

  it('compiles the core from its code cache, and runs as the sources do with it, without it and with a bad one', async () => {
    const argv = ['bench-wifi', '--duration', '200ms', '--format', 'json'];
    const want = await fromSources(argv);
    const run = () => {
      const r = spawnSync(process.execPath, [join(dir, 'tsq-lab.cjs'), ...argv], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, TSQ_LAB_CODE_CACHE_REPORT: '1' },
      });
      return { out: r.stdout, cache: r.stderr.trim() };
    };
    expect(run()).toEqual({ out: want, cache: 'code cache: used' });
    const cache = join(dir, basename(CODE_CACHE));
    writeFileSync(cache, Buffer.from('not a V8 code cache'));
    expect(run()).toEqual({ out: want, cache: 'code cache: rejected' });
    rmSync(cache);
    expect(run()).toEqual({ out: want, cache: 'code cache: none' });
  });

  it('exits 2 with the message on bad input', () => {
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, [join(dir, 'tsq-lab.cjs'), 'no-such-preset'], {
        cwd: dir,
        stdio: 'pipe',
      });
    } catch (e) {
      status = (e as { status: number }).status;
      stderr = String((e as { stderr: Buffer }).stderr);
    }
    expect(status).toBe(2);
    expect(stderr).toContain('unknown preset "no-such-preset"');
  });
});
