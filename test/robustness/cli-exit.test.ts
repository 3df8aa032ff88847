/**
 * The command line on bad input: exit code 2 and the validation message
 * (field, value, what is allowed) on stderr; an older (schema 0) file is
 * migrated and runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'tsq-cli-'));

function sim(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('CLI exit codes on bad input', () => {
  it('an out-of-range --set exits 2 naming field, value and range', () => {
    const r = sim('bench-wired', '--set', 'tcp.sk_pacing_shift=21', '--duration', '10ms');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'error: tcp.sk_pacing_shift = 21 is not allowed: expected an integer from 0 to 20 or null',
    );
    expect(r.out).toBe('');
  });

  it('a bad value in a sweep exits 2 before any run', () => {
    const r = sim('bench-wired', '--sweep', 'tcp.sk_pacing_shift=8,nine', '--duration', '10ms');
    expect(r.code).toBe(2);
    expect(r.err).toContain('tcp.sk_pacing_shift = "nine" is not allowed');
    expect(r.out).toBe('');
  });

  it('a broken scenario file exits 2 with every problem listed', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ schema: 1, title: 'x', era: '9.9' }));
    const r = sim(file, '--duration', '10ms');
    expect(r.code).toBe(2);
    expect(r.err).toContain('era = "9.9" is not allowed: expected one of');
    expect(r.err).toContain('tcp is missing: expected an object with');
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, '{"schema": 1,');
    const r2 = sim(notJson);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/error: the file is not valid JSON/);
  });

  it('a schema-0 file is migrated and runs', () => {
    const file = join(dir, 'old.json');
    writeFileSync(
      file,
      JSON.stringify({
        schema: 0,
        title: 'old wired file',
        era: '4.9',
        durationMs: 100,
        warmupMs: 10,
        sampleIntervalUs: 1000,
        tcp: {
          cc: 'cubic',
          flows: 1,
          mssBytes: 1448,
          initialCwnd: 10,
          sndbufBytes: 4194304,
          limitOutputBytes: 262144,
          pacingShift: null,
          min_tso_segs: 2,
          tx_delay_us: 0,
          maxPacingRateBps: 0,
        },
        qdisc: {
          kind: 'fq',
          txqueuelen: 1000,
          limit: null,
          flowLimit: 100,
          codelTargetUs: 5000,
          codelIntervalUs: 100000,
          ecn: true,
        },
        link: {
          rateMbps: 100,
          delayMs: 1,
          ringSlots: 256,
          bql: true,
          sg: true,
          gsoMaxSizeBytes: 65536,
          completion: { kind: 'immediate', delayNs: 5000 },
        },
      }),
    );
    const r = sim(file, '--format', 'json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { title: string; summary: { goodputBps: number } };
    expect(out.title).toBe('old wired file');
    expect(out.summary.goodputBps).toBeGreaterThan(0);
  });
});
