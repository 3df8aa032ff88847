import { describe, expect, it } from 'vitest';
import { fieldText, parseField, takesSuffix } from './param-field';

describe('a knob’s number field', () => {
  it('shows bytes and rates as links write them, other numbers as they are', () => {
    expect(fieldText('link.rateBps', 1e9)).toBe('1G');
    expect(fieldText('tcp.tcp_limit_output_bytes', 131072)).toBe('128K');
    expect(fieldText('tcp.tcp_limit_output_bytes', 100_000)).toBe('100000');
    expect(fieldText('tcp.sk_pacing_shift', 8)).toBe('8');
    expect(fieldText('tcp.sk_pacing_shift', null)).toBe('');
  });

  it('reads the suffixes --set reads: binary for bytes, decimal for rates', () => {
    expect(parseField('tcp.tcp_limit_output_bytes', '512K')).toBe(524288);
    expect(parseField('link.rateBps', '100M')).toBe(1e8);
    expect(parseField('link.rateBps', ' 2.5G ')).toBe(2.5e9);
    expect(parseField('link.rateBps', '1Gi')).toBe(1024 ** 3);
    expect(parseField('tcp.sk_pacing_shift', '7')).toBe(7);
  });

  it('refuses what is not a number', () => {
    for (const t of ['', '  ', 'fast', '12 packets', '1e999', '--1'])
      expect(parseField('link.rateBps', t)).toBeNull();
  });

  it('reads back what it shows', () => {
    for (const [k, v] of [
      ['link.rateBps', 40e9],
      ['tcp.tcp_limit_output_bytes', 4 * 1024 * 1024],
      ['wifi.txStatusDelayUs', 250],
    ] as const)
      expect(parseField(k, fieldText(k, v))).toBe(v);
    expect(takesSuffix('link.rateBps')).toBe(true);
    expect(takesSuffix('tcp.sk_pacing_shift')).toBe(false);
  });
});
