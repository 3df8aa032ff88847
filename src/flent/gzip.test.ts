/**
 * The gzip side of the reader: a bomb is refused once its output passes the
 * cap, before the rest of the file is inflated; the trailer's CRC-32 and
 * length are checked; a second member or bytes after the stream are
 * refused; text split across steps decodes whole.
 */
import { readFileSync } from 'node:fs';
import { gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { FlentFileError } from './errors';
import { flentText, GUNZIP_STEP_BYTES, type FlentTextProgress } from './gzip';
import { readFlent } from './read';

const real = new Uint8Array(readFileSync('test/fixtures/flent/test-tcp_1up_noping-cpu_stats.flent.gz'));
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};
const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FlentFileError);
    return (e as Error).message;
  }
  throw new Error('expected a FlentFileError');
};
const setU32 = (b: Uint8Array, at: number, v: number) => new DataView(b.buffer).setUint32(at, v, true);

describe('CRC-32', () => {
  it('gives the check value of "123456789" (0xCBF43926)', () => {
    expect(crc32(strToU8('123456789'))).toBe(0xcbf43926);
  });
});

describe('gzip bombs', () => {
  // 40 MB of zeros is ~40 KB of gzip: three steps of input.
  const bomb = gzipSync(new Uint8Array(40 * 1024 * 1024), { level: 9 });

  it('are refused after the step that passes the cap, before the rest is inflated', () => {
    // Damage at the end: inflating the whole file first would fail on it instead.
    const b = bomb.slice();
    b.fill(0xff, b.length - 200, b.length - 8);
    setU32(b, b.length - 4, 1000);
    const seen: FlentTextProgress[] = [];
    const m = message(() => flentText(b, { maxBytes: 1024 * 1024, onProgress: (p) => seen.push(p) }));
    expect(m).toMatch(/decompresses to more than 1 MB \(refused after inflating 16384 of its \d+ bytes\)/);
    expect(seen).toEqual([]);
  });

  it('whose trailer claims more than the cap are refused before inflating', () => {
    let steps = 0;
    const m = message(() => flentText(bomb, { maxBytes: 1024 * 1024, onProgress: () => steps++ }));
    expect(m).toContain(`give its decompressed size as ${40 * 1024 * 1024} bytes: more than the 1 MB`);
    expect(steps).toBe(0);
  });

  it('make at most the cap and one step of output', () => {
    const b = bomb.slice();
    setU32(b, b.length - 4, 0); // as a 4 GiB bomb's length mod 2^32
    const cap = 20 * 1024 * 1024;
    let last: FlentTextProgress | null = null;
    expect(message(() => flentText(b, { maxBytes: cap, onProgress: (p) => (last = p) }))).toContain(
      'decompresses to more than 20 MB',
    );
    expect(last!.outBytes).toBeLessThanOrEqual(cap);
    expect(last!.readBytes).toBeLessThan(b.length);
    expect(last!.readBytes % GUNZIP_STEP_BYTES).toBe(0);
  });
});

describe('the gzip trailer and what follows the stream', () => {
  it('reads a whole file, with progress over every step', () => {
    const steps: number[] = [];
    const run = readFlent(real, { onProgress: (p) => steps.push(p.readBytes) });
    expect(run.name).toBe('tcp_1up_noping');
    expect(steps.at(-1)).toBe(real.length);
  });

  it('refuses a CRC-32 or a length that does not match the data', () => {
    const badCrc = real.slice();
    badCrc[real.length - 8] ^= 1;
    expect(message(() => readFlent(badCrc))).toMatch(/gzip trailer does not match the data: CRC-32 \w+/);
    const badLength = real.slice();
    setU32(badLength, real.length - 4, new DataView(real.buffer).getUint32(real.length - 4, true) - 1);
    expect(message(() => readFlent(badLength))).toContain('truncated or damaged');
  });

  it('refuses a second gzip member, naming where it starts', () => {
    expect(message(() => readFlent(cat(real, real)))).toContain(
      `a second gzip member at byte ${real.length}`,
    );
  });

  it('refuses bytes after the stream, few or many', () => {
    // Its last 4 bytes small, so that gzip's length field does not refuse it first.
    expect(message(() => readFlent(cat(real, strToU8('garbage\0\0\0\0'))))).toContain(
      'bytes after its gzip stream that are not a gzip member',
    );
    expect(message(() => readFlent(cat(real, strToU8('garbage after the end'))))).toContain(
      'or has bytes after its gzip stream',
    );
    expect(message(() => readFlent(cat(real, new Uint8Array(2))))).toContain('2 bytes after its gzip stream');
  });

  it('refuses a compression method other than deflate', () => {
    const b = real.slice();
    b[2] = 7;
    expect(message(() => readFlent(b))).toContain('compression method 7');
  });

  it('decodes UTF-8 characters split across steps', () => {
    const text = JSON.stringify({ t: 'é☃😀'.repeat(GUNZIP_STEP_BYTES) });
    expect(flentText(gzipSync(strToU8(text), { level: 0 }))).toBe(text);
  });
});

describe('flentText keeps its first signature', () => {
  it('takes the cap as a number, as the package first exported it', () => {
    const text = JSON.stringify({ version: 1, pad: 'x'.repeat(4096) });
    expect(() => flentText(new TextEncoder().encode(text), 1024)).toThrow(/larger than/);
    expect(flentText(new TextEncoder().encode(text), 1 << 20)).toBe(text);
  });
});
