/**
 * Damaged, foreign and hostile files: truncated or corrupted gzip, garbage
 * bytes, JSON that is not Flent's, gzip bombs, second members and bytes
 * after the stream, control bytes in the file's text, oversized lists. The
 * reader answers each with a FlentFileError whose message says what is
 * wrong (short, its control characters escaped), and never throws anything
 * else; a bomb is stopped at the cap.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isControl } from '../sim/scenario/escape';
import { FlentFileError } from './errors';
import { flentText, GUNZIP_STEP_BYTES } from './gzip';
import { parseFlentJson, readFlent } from './read';

const real = new Uint8Array(readFileSync('test/fixtures/flent/test-tcp_1up_noping-cpu_stats.flent.gz'));

const rawControls = (s: string): string[] => [...s].filter((c) => isControl(c.charCodeAt(0)));

function failure(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FlentFileError);
    const m = (e as Error).message;
    expect(m.length).toBeGreaterThan(5);
    // One line, short, nothing of the file's bytes raw.
    expect(m.length).toBeLessThan(600);
    expect(rawControls(m)).toEqual([]);
    return m;
  }
  return '';
}

const cat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

const bombs = new Map<string, Uint8Array>();
/** `mb` MB of one byte, gzip'd (made once per size and byte: deflating is the slow part). */
const bombOf = (mb: number, fill: number): Uint8Array => {
  const key = `${mb}:${fill}`;
  if (!bombs.has(key)) bombs.set(key, gzipSync(new Uint8Array(mb * 1024 * 1024).fill(fill), { level: 9 }));
  return bombs.get(key)!;
};

/** Text with control bytes (C0, DEL, C1: ESC, BEL, NUL among them) among printable characters. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\u001b[2J', '\u001b]0;x\u0007', '\u0000', '\u0007', '\u009b31m', '\u007f', '\r'),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 8 },
  )
  .map((a) => a.join(''));

describe('reading damaged files', () => {
  it('names a truncated gzip file', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: real.length - 9 }), (n) => {
        expect(failure(() => readFlent(real.subarray(0, n)))).toMatch(/empty|gzip|truncated|JSON/);
      }),
      { numRuns: 60 },
    );
  });

  it('names corrupted gzip bytes (or reads them, when the damage misses the data)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: real.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        (at, x) => {
          const b = real.slice();
          b[at] ^= x;
          failure(() => readFlent(b));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('names garbage bytes, gzip’d or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (bytes, zip) => {
        failure(() => readFlent(zip ? gzipSync(bytes) : bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('names what is wrong with JSON that is not a Flent file', () => {
    expect(failure(() => parseFlentJson('[1,2]'))).toContain('JSON object');
    expect(failure(() => parseFlentJson('{"version": 4}'))).toContain('metadata');
    expect(failure(() => parseFlentJson('{"version": 9, "metadata": {}}'))).toContain('version 9');
    const base = {
      version: 4,
      metadata: { NAME: 'tcp_1up', T0: '2020-01-01T00:00:00.000000Z' },
      x_values: [0, 0.2],
      results: {},
      raw_values: {},
    };
    const bad = (patch: object) => failure(() => parseFlentJson(JSON.stringify({ ...base, ...patch })));
    expect(bad({ x_values: [0, 'a'] })).toContain('x_values[1]');
    expect(bad({ results: { 'TCP upload': [1] } })).toContain('has 1 values but x_values has 2');
    expect(bad({ results: { 'TCP upload': [1, 'x'] } })).toContain('results["TCP upload"][1]');
    expect(bad({ metadata: { NAME: 'tcp_1up', T0: 'yesterday' } })).toContain('metadata.T0');
    expect(bad({ metadata: { T0: base.metadata.T0 } })).toContain('metadata.NAME');
    expect(failure(() => readFlent(strToU8('BZh91AY&SY')))).toContain('bzip2');
  });

  it('never throws anything but a FlentFileError on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        failure(() => parseFlentJson(JSON.stringify(v)));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            version: fc.jsonValue(),
            metadata: fc.jsonValue(),
            x_values: fc.jsonValue(),
            results: fc.jsonValue(),
            raw_values: fc.jsonValue(),
          },
          { requiredKeys: [] },
        ),
        (o) => void failure(() => parseFlentJson(JSON.stringify(o))),
      ),
      { numRuns: 300 },
    );
  });

  it('stops gzip bombs at the cap, whatever their trailer says', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 6, 12),
        fc.constantFrom(0, 0x20, 0x7b),
        fc.option(fc.nat(), { nil: undefined }),
        (mb, fill, isize) => {
          const bomb = bombOf(mb, fill).slice();
          if (isize !== undefined) new DataView(bomb.buffer).setUint32(bomb.length - 4, isize >>> 0, true);
          const cap = 1024 * 1024;
          let out = 0;
          const m = failure(() => flentText(bomb, { maxBytes: cap, onProgress: (p) => (out = p.outBytes) }));
          expect(m).toMatch(
            /decompresses to more than 1 MB|give its decompressed size|trailer does not match/,
          );
          expect(out).toBeLessThanOrEqual(cap);
        },
      ),
      { numRuns: 25 },
    );
    expect(GUNZIP_STEP_BYTES).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuses a second member or any bytes after the gzip stream', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.boolean(), (tail, member) => {
        const m = failure(() => readFlent(cat(real, member ? gzipSync(tail) : tail)));
        expect(m).toMatch(/second gzip member|after its gzip stream|trailer/);
      }),
      { numRuns: 100 },
    );
  });

  it('reads control bytes in the file’s text as text, and escapes them in every message', () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, fc.jsonValue(), (name, host, series, v) => {
        const text = JSON.stringify({
          version: 4,
          metadata: { NAME: `tcp_1up${name}`, HOST: host, TITLE: name, T0: '2020-01-01T00:00:00.000000Z' },
          x_values: [0, 0.2],
          results: { [`TCP upload${series}`]: [1, v] },
        });
        try {
          const run = parseFlentJson(text);
          expect(run.host).toBe(host);
        } catch {
          failure(() => parseFlentJson(text));
        }
        // The same bytes raw inside the JSON text: a parse error quotes them escaped.
        failure(() => parseFlentJson(text.replace('"x_values"', `${name}"x_values"`) + host));
      }),
      { numRuns: 200 },
    );
  });

  it('answers oversized lists with a message or a run, never anything else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.boolean(),
        (points, series, matching) => {
          const xs = Array.from({ length: points }, (_, i) => i * 0.2);
          const values = matching ? xs : xs.slice(1);
          const results = Object.fromEntries(
            Array.from({ length: series }, (_, i) => [`TCP upload::${i}`, i === 0 ? values : [0]]),
          );
          const text = JSON.stringify({
            version: 4,
            metadata: { NAME: 'tcp_nup', T0: '2020-01-01T00:00:00.000000Z', HOSTS: Array(series).fill('h') },
            x_values: xs,
            results,
          });
          failure(() => parseFlentJson(text));
        },
      ),
      { numRuns: 12 },
    );
  });
});
