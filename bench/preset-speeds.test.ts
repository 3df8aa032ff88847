import { describe, expect, it } from 'vitest';
import { findPreset } from '../src/sim/scenario/presets/index';
import { bottleneckBps, speedGoal } from './preset-speeds';

describe("preset speeds: the rate that sets each preset's goal", () => {
  it('a wired preset: its slowest hop (bench-wired: the 100 Mbit/s router behind a 1 Gbit/s link)', () => {
    expect(bottleneckBps(findPreset('bench-wired')!.scenario())).toBe(100e6);
    expect(bottleneckBps(findPreset('sqm-htb-fq-codel')!.scenario())).toBeLessThan(1e9);
  });
  it("a WiFi preset: its fastest station's PHY rate (bench-wifi: HT20 MCS 7, long GI, 65 Mbit/s)", () => {
    expect(bottleneckBps(findPreset('bench-wifi')!.scenario())).toBe(65e6);
  });
  it('≥ 10× real time at or below 1 Gbit/s, faster than real time above', () => {
    expect(speedGoal(1e9)).toBe(10);
    expect(speedGoal(40e9)).toBe(1);
  });
});
