/**
 * Damaged and foreign files: truncated or corrupted gzip, garbage bytes,
 * JSON that is not Flent's. The reader answers each with a FlentFileError
 * whose message says what is wrong, and never throws anything else.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { gzipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FlentFileError } from './errors';
import { parseFlentJson, readFlent } from './read';

const real = new Uint8Array(readFileSync('test/fixtures/flent/test-tcp_1up_noping-cpu_stats.flent.gz'));

function failure(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FlentFileError);
    const m = (e as Error).message;
    expect(m.length).toBeGreaterThan(5);
    return m;
  }
  return '';
}

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
});
