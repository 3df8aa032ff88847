import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../../worker/protocol';
import { alternativeValue, inputText, parseValue } from './ab-values';

const spec = (p: Partial<ParamSpec>): ParamSpec => ({
  key: 'k',
  label: 'K',
  layer: 'tcp',
  kind: 'int',
  help: '',
  kernelFile: '',
  live: true,
  ...p,
});

describe('A/B values', () => {
  it('reads typed values and rejects invalid ones', () => {
    const e = spec({
      kind: 'enum',
      options: [
        { value: 'fq', label: 'fq' },
        { value: 2, label: 'two' },
      ],
    });
    expect(parseValue(e, '2')).toBe(2);
    expect(parseValue(e, 'x')).toBeNull();
    expect(parseValue(spec({ kind: 'bool' }), 'false')).toBe(false);
    expect(parseValue(spec({ min: 4, max: 12 }), '8')).toBe(8);
    expect(parseValue(spec({ min: 4, max: 12 }), '13')).toBeNull();
    expect(parseValue(spec({}), '8.5')).toBeNull();
    expect(parseValue(spec({}), '')).toBeNull();
  });

  it('reads and writes numbers as links do, and starts a knob left at its default from that default', () => {
    const limit = spec({
      key: 'tcp.tcp_limit_output_bytes',
      unit: 'B',
      min: 1,
      max: 1 << 26,
      kernelDefault: 262144,
    });
    expect(parseValue(limit, '512K')).toBe(524288);
    expect(parseValue(spec({ key: 'link.rateBps', kind: 'float' }), '10G')).toBe(1e10);
    expect(parseValue(limit, '128 K')).toBe(131072);
    expect(parseValue(limit, 'lots')).toBeNull();
    expect(inputText(limit, 131072)).toBe('128K');
    expect(inputText(limit, null)).toBe('256K');
    expect(inputText(spec({ kind: 'enum' }), 'fq')).toBe('fq');
    expect(inputText(spec({}), undefined)).toBe('');
  });

  it('proposes a B that differs from A', () => {
    expect(alternativeValue(spec({ min: 4, max: 12 }), 10)).toBe(8);
    expect(alternativeValue(spec({ min: 4, max: 12 }), 5)).toBe(7);
    expect(
      alternativeValue(
        spec({
          kind: 'enum',
          options: [
            { value: 'a', label: 'a' },
            { value: 'b', label: 'b' },
          ],
        }),
        'a',
      ),
    ).toBe('b');
    expect(alternativeValue(spec({ kind: 'bool' }), true)).toBe(false);
    expect(alternativeValue(spec({ kind: 'float', ticks: [1, 2, 4] }), 2)).toBe(1);
    expect(alternativeValue(spec({ min: 0, max: 1e6 }), 1000)).toBe(2000);
  });
});
