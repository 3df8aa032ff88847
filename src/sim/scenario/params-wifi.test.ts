/** The sk_pacing_shift a socket runs with when the knob is unset, as the explorer shows it. */
import { describe, expect, it } from 'vitest';
import { paramSpecs } from './params';
import { findPreset } from './presets/index';
import type { Scenario } from './scenario';

const shiftDefault = (sc: Scenario) => paramSpecs(['tcp.sk_pacing_shift'], sc)[0].kernelDefault;

describe('tcp.sk_pacing_shift default', () => {
  it("is mac80211's tx_sk_pacing_shift of the era for TCP on a WiFi device, the socket's 10 elsewhere", () => {
    const a = findPreset('ath10k-qca6174')!.scenario();
    expect(a.era).toBe('6.6');
    expect(shiftDefault(a)).toBe(7);
    a.era = '4.16';
    expect(shiftDefault(a)).toBe(8);
    a.era = '4.9';
    expect(shiftDefault(a)).toBe(10);
    // Forwarded TCP (a wired host behind the AP) never meets sk_pacing_shift_update.
    expect(shiftDefault(findPreset('ath9k-intermediate-queues')!.scenario())).toBe(10);
    expect(shiftDefault(findPreset('gso-always-on')!.scenario())).toBe(10);
  });
});
