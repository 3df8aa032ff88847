import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBps, formatBytes, formatNs, formatValue, num } from './format';

describe('format', () => {
  it('writes bytes in powers of 1024 like the kernel docs', () => {
    expect(formatBytes(131072)).toBe('128K');
    expect(formatBytes(262144)).toBe('256K');
    expect(formatBytes(4194304)).toBe('4M');
    expect(formatBytes(9000)).toBe('8.79K');
    expect(formatValue(512, 'bytes')).toBe('512 B');
  });

  it('writes rates, times and fractions', () => {
    expect(formatBps(94_300_000)).toBe('94.3 Mbit/s');
    expect(formatBps(1.25e9)).toBe('1.25 Gbit/s');
    expect(formatNs(1_500_000)).toBe('1.5 ms');
    expect(formatValue(0.42, 'fraction')).toBe('42 %');
    expect(num(NaN)).toBe('–');
    expect(num(123456)).toBe('123,456');
  });

  it('groups thousands as the en-US locale does', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (v) => {
        fc.pre(Math.abs(v) >= 1000);
        expect(num(v)).toBe(Math.round(v).toLocaleString('en-US'));
      }),
    );
  });

  it('counts one thing in the singular', () => {
    expect(formatValue(1, 'frames')).toBe('1 frame');
    expect(formatValue(1.0004, 'frames')).toBe('1 frame');
    expect(formatValue(2, 'frames')).toBe('2 frames');
    expect(formatValue(1, 'packets')).toBe('1 packet');
    expect(formatValue(1, 'ms')).toBe('1 ms');
  });
});
