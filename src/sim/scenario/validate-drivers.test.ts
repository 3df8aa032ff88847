/** Validation of the schema-3 fields: VHT/HE rates, the ath10k and mt76 blocks, where WiFi TCP runs, CPU platforms. */
import { describe, expect, it } from 'vitest';
import { findPreset } from './presets/index';
import { validateScenario } from './validate';

const ath10k = () => findPreset('ath10k-qca6174')!.scenario();
const mt76 = () => findPreset('mt76-ax-ap')!.scenario();

describe('validateScenario: VHT/HE drivers', () => {
  it('names VHT and HE rates the standard does not list', () => {
    const a = ath10k();
    a.wifi!.stations[0].rate = { mode: 'vht', mcs: 10, nss: 2, widthMHz: 80, shortGi: true };
    a.wifi!.stations[0].uplinkRate = { mode: 'vht', mcs: 9, nss: 1, widthMHz: 20, shortGi: false };
    expect(validateScenario(a)).toEqual([
      'wifi.stations.0.rate.mcs = 10 is not allowed for VHT: expected an integer from 0 to 9',
      'wifi.stations.0.uplinkRate is not a rate: VHT MCS 9 at 20 MHz with 1 streams is not a valid rate (802.11 21.5)',
    ]);
    const m = mt76();
    m.wifi!.stations[1].rate = {
      mode: 'he',
      mcs: 11,
      nss: 2,
      widthMHz: 80,
      shortGi: false,
      giNs: 1600,
      heLtf: 1,
    };
    expect(validateScenario(m)).toEqual([
      'wifi.stations.1.rate is not a rate: HE-LTF 1x with a 1600 ns GI is not an HE SU combination',
    ]);
  });

  it('HE only on an 802.11ax mt76', () => {
    const a = ath10k();
    a.wifi!.stations[0].rate = { mode: 'he', mcs: 11, nss: 2, widthMHz: 80, shortGi: false };
    expect(validateScenario(a)).toEqual([
      'wifi.stations.0.rate.mode = "he" needs an 802.11ax radio: wifi.driver mt76 with chip mt7915 or mt7921, not "ath10k"',
    ]);
    const m = mt76();
    m.wifi!.mt76!.chip = 'mt7615';
    expect(validateScenario(m).length).toBe(m.wifi!.stations.length * 2);
  });

  it('each driver block with its driver only', () => {
    const a = ath10k();
    a.wifi!.ath10k = null;
    expect(validateScenario(a)).toEqual(['wifi.ath10k is required when wifi.driver is ath10k']);
    const b = findPreset('ath9k-pacing-shift')!.scenario();
    b.wifi!.mt76 = mt76().wifi!.mt76;
    expect(validateScenario(b)).toEqual(['wifi.mt76 applies only where wifi.driver is mt76, not "ath9k"']);
  });

  it('stations upload only from an AP topology; CPU platforms by name', () => {
    const a = ath10k();
    a.wifi!.tcpSender = 'stations';
    expect(validateScenario(a)).toEqual([
      'wifi.tcpSender = "stations" needs wifi.topology ap (the stations of an AP upload)',
    ]);
    const c = ath10k() as unknown as { cpu: { platform: string } };
    c.cpu.platform = 'riscv';
    expect(validateScenario(c)).toEqual([
      'cpu.platform = "riscv" is not allowed: expected null or one of x86-server, x86-laptop, arm-a53-router',
    ]);
  });
});
