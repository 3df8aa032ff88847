import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quantize, sliderModel, stepKey, stepValue } from './slider-scale';
import type { ParamSpec } from '../../worker/protocol';

const base = { label: 'x', layer: 'tsq', help: '', kernelFile: 'net/ipv4/tcp_output.c', live: true } as const;
const limit: ParamSpec = {
  ...base,
  key: 'tcp.tcp_limit_output_bytes',
  kind: 'int',
  min: 1024,
  max: 64 << 20,
  scale: 'log',
  ticks: [128 << 10, 256 << 10, 1 << 20, 4 << 20],
};
const shift: ParamSpec = { ...base, key: 'tcp.sk_pacing_shift', kind: 'int', min: 0, max: 10 };

describe('slider scale', () => {
  it('spreads a log knob evenly in log space', () => {
    const m = sliderModel(limit)!;
    // 1K..64M is 16 octaves: 128K is 7 octaves up, 1M 10, 4M 12.
    expect(m.percent(128 << 10)).toBeCloseTo((7 / 16) * 100, 6);
    expect(m.percent(1 << 20)).toBeCloseTo((10 / 16) * 100, 6);
    expect(m.percent(4 << 20)).toBeCloseTo((12 / 16) * 100, 6);
    expect(m.fromPos(m.toPos(262144))).toBe(262144);
    expect(m.fromPos(0)).toBe(1024);
    expect(m.fromPos(1000)).toBe(64 << 20);
  });

  it('maps log positions monotonically and round-trips within half a position (property)', () => {
    const m = sliderModel(limit)!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), (p) => {
        expect(m.fromPos(p + 1)).toBeGreaterThanOrEqual(m.fromPos(p));
        expect(Math.abs(m.toPos(m.fromPos(p)) - p)).toBeLessThan(0.5);
      }),
    );
  });

  it('uses native steps for a linear int knob and clamps', () => {
    const m = sliderModel(shift)!;
    expect([m.min, m.max, m.step]).toEqual([0, 10, 1]);
    expect(m.fromPos(7.4)).toBe(7);
    expect(m.percent(12)).toBe(100);
    expect(quantize({ ...shift, step: 2 }, 5.2)).toBe(6);
  });

  it('has no slider for enums or unbounded numbers', () => {
    expect(sliderModel({ ...base, key: 'q', kind: 'enum', options: [] })).toBeNull();
    expect(sliderModel({ ...base, key: 'n', kind: 'float' })).toBeNull();
  });
});

describe('arrow-key steps', () => {
  const rate: ParamSpec = {
    ...base,
    key: 'link.rateBps',
    kind: 'float',
    unit: 'bit/s',
    min: 1e6,
    max: 100e9,
    scale: 'log',
  };
  it('moves a byte limit by powers of two, from any value, within its range', () => {
    expect(stepValue(limit, 256 << 10, 1)).toBe(512 << 10);
    expect(stepValue(limit, 256 << 10, -1)).toBe(128 << 10);
    expect(stepValue(limit, 300_000, 1)).toBe(512 << 10);
    expect(stepValue(limit, 300_000, -1)).toBe(256 << 10);
    expect(stepValue(limit, 256 << 10, 1, true)).toBe(2 << 20);
    expect(stepValue(limit, 1024, -1)).toBe(1024);
    expect(stepValue(limit, 64 << 20, 1)).toBe(64 << 20);
  });

  it('moves other log knobs along 1-2-5 and linear knobs by their step', () => {
    expect(stepValue(rate, 1e8, 1)).toBe(2e8);
    expect(stepValue(rate, 2e8, 1)).toBe(5e8);
    expect(stepValue(rate, 5e8, 1)).toBe(1e9);
    expect(stepValue(rate, 1e9, -1)).toBe(5e8);
    expect(stepValue(rate, 3e8, -1)).toBe(2e8);
    expect(stepValue(shift, 10, -1)).toBe(9);
    expect(stepValue(shift, 10, 1)).toBe(10);
    expect(stepValue(shift, 5, -1, true)).toBe(0);
  });

  it('knows which keys step and how far', () => {
    expect(stepKey('ArrowUp')).toEqual({ dir: 1, big: false });
    expect(stepKey('PageDown')).toEqual({ dir: -1, big: true });
    expect(stepKey('Tab')).toBeNull();
  });
});
