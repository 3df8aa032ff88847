/**
 * The Flent worker's reader, in Node: a file read from a Blob with progress
 * through its stages, throttled within a stage; a damaged or oversized file
 * is a result with the reader's message, never a throw.
 */
import { gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_STRING_CHARS, PROGRESS_MS, readFlentFile } from './flent-reader';
import type { FlentReadProgress } from './protocol';

const blobOf = (b: Uint8Array): Blob => new Blob([new Uint8Array(b)]);
/** A tcp_1up file of `n` steps, gzip'd: ~25 bytes of JSON a step. */
const flentFile = (n: number): Uint8Array => {
  const x = Array.from({ length: n }, (_, i) => i * 0.2);
  const json = {
    version: 4,
    metadata: { NAME: 'tcp_1up', T0: '2020-01-01T00:00:00.000000Z' },
    x_values: x,
    results: { 'TCP upload': x.map((t) => 900 + Math.sin(t) * 50) },
  };
  return gzipSync(strToU8(JSON.stringify(json)));
};
const fixture = flentFile(20_000);

describe('readFlentFile', () => {
  it('reads a file, reporting each stage in order', async () => {
    const seen: FlentReadProgress[] = [];
    let t = 0;
    const r = await readFlentFile(
      blobOf(fixture),
      (p) => seen.push(p),
      () => (t += PROGRESS_MS),
    );
    expect(r.ok && r.run.series[0].values.length).toBe(20_000);
    const stages = seen.map((p) => p.stage).filter((s, i, a) => s !== a[i - 1]);
    expect(stages).toEqual(['reading', 'inflating', 'parsing']);
    expect(seen.find((p) => p.stage === 'inflating')!.totalBytes).toBe(fixture.length);
  });

  it('reports at most once per PROGRESS_MS within a stage', async () => {
    const seen: FlentReadProgress[] = [];
    // A clock that never advances: one report per stage.
    await readFlentFile(
      blobOf(flentFile(20_000)),
      (p) => seen.push(p),
      () => 0,
    );
    expect(seen.map((p) => p.stage)).toEqual(['reading', 'inflating', 'parsing']);
  });

  it('answers a damaged or oversized file with the reader’s message', async () => {
    const r = await readFlentFile(
      blobOf(fixture.subarray(0, 2000)),
      () => {},
      () => 0,
    );
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/truncated|damaged/) });
    const big = await readFlentFile(
      blobOf(new Uint8Array(2048)),
      () => {},
      () => 0,
      1024,
    );
    expect(big).toEqual({ ok: false, error: 'the file is larger than 0.0009765625 MB' });
  });
});

describe('forThePage', () => {
  it('cuts a 50 MB TITLE, host and metadata text, and keeps the numbers whole', async () => {
    const big = 'x'.repeat(5_000_000);
    const json = {
      version: 4,
      metadata: {
        NAME: 'tcp_1up',
        T0: '2020-01-01T00:00:00.000000Z',
        TITLE: big,
        HOST: big,
        NOTE: { a: [big] },
      },
      x_values: [0, 0.2],
      results: { 'TCP upload': [1, 2] },
    };
    const r = await readFlentFile(
      blobOf(strToU8(JSON.stringify(json))),
      () => {},
      () => 0,
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.run.title).toBe(`${'x'.repeat(MAX_PAGE_STRING_CHARS)}…`);
    expect(r.run.host!.length).toBe(MAX_PAGE_STRING_CHARS + 1);
    expect(JSON.stringify(r.run).length).toBeLessThan(10 * MAX_PAGE_STRING_CHARS);
    expect(r.run.series[0].values).toEqual([1, 2]);
  });
});
