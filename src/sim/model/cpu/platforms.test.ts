/** The platform presets are the server core's figures scaled by the published ratios in platforms.ts. */
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../scenario/presets';
import { CPU_PLATFORMS } from './platforms';

describe('CPU platform presets', () => {
  it('x86-server is the gso-always-on core (its per-skb, ACK, timer and completion figures)', () => {
    const gso = findPreset('gso-always-on')!.scenario().cpu;
    const s = CPU_PLATFORMS['x86-server'].costs;
    for (const k of [
      'perSkbNs',
      'perByteCopyNs',
      'perSkbAllocNs',
      'perAckNs',
      'perCompletionNs',
      'timerLatencyNs',
    ] as const)
      expect(s[k]).toBe(gso[k]);
  });

  it('the A53 router core does per-operation work 6.53× slower (CoreMark 28210.73 over 3.20/MHz · 1350 MHz)', () => {
    const a = CPU_PLATFORMS['arm-a53-router'].costs;
    const ratio = 28_210.73 / ((3841 / 1200) * 1350);
    expect(ratio).toBeCloseTo(6.53, 2);
    expect(a.perSkbNs).toBe(Math.round(1500 * ratio));
    expect(a.perAckNs).toBe(Math.round(700 * ratio));
    // 1956.71 MB/s bcopy: 0.511 ns a byte.
    expect(a.perByteCopyNs).toBeCloseTo(0.511, 3);
  });

  it('the laptop core is 1.16× the server core per operation and copies at its rate', () => {
    const l = CPU_PLATFORMS['x86-laptop'].costs;
    expect(l.perSkbNs).toBe(Math.round((1500 * 28210.73) / 24295.43));
    expect(l.perByteCopyNs).toBe(0.243);
  });
});
