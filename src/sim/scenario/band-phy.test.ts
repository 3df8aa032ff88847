/** PHY modes and widths the band has (issue 34: a rate of another band ran without a word). */
import { describe, expect, it } from 'vitest';
import { findPreset, PRESETS } from './presets/index';
import { applyOverrides, ScenarioError, validateScenario } from './validate';
import { BAND_PHY, bandPhyError } from './band-phy';
import { he, ht } from './wifi-config';

const refusal = (id: string, set: Record<string, string>): string[] => {
  try {
    applyOverrides(findPreset(id)!.scenario(), set);
    return [];
  } catch (e) {
    if (e instanceof ScenarioError) return e.errors;
    throw e;
  }
};

describe('band and PHY', () => {
  it('HE 80 MHz on 2.4 GHz is refused, naming the field, the band and the widths it has', () => {
    const errors = refusal('mt76-ax-ap', { 'wifi.band': '2.4GHz' });
    expect(errors).toContain(
      'wifi.stations.0.rate.widthMHz = 80 is not allowed for HE (802.11ax) on wifi.band 2.4GHz: expected 20 or 40 MHz',
    );
    expect(errors.every((e) => /^wifi\.stations\.\d\.(rate|uplinkRate)\.widthMHz = 80 /.test(e))).toBe(true);
  });

  it('VHT on 2.4 GHz is refused by the --set that makes it so, from either side', () => {
    expect(refusal('ath10k-qca6174', { 'wifi.band': '2.4GHz' })[0]).toBe(
      'wifi.stations.0.rate.mode = "vht" is not allowed with wifi.band 2.4GHz: VHT (802.11ac) is 5 GHz only',
    );
    const sc = findPreset('bench-wifi')!.scenario();
    sc.wifi!.band = '2.4GHz';
    sc.wifi!.stations[0].rate = { mode: 'vht', mcs: 7, nss: 1, widthMHz: 20, shortGi: false };
    expect(validateScenario(sc)).toEqual([
      'wifi.stations.0.rate.mode = "vht" is not allowed with wifi.band 2.4GHz: VHT (802.11ac) is 5 GHz only',
    ]);
  });

  it('what each band has is accepted: HT 20/40 on both, HE 20/40 on 2.4 GHz, HE 160 on 5 GHz', () => {
    const sc = findPreset('mt76-ax-ap')!.scenario();
    for (const [band, rate] of [
      ['2.4GHz', ht(7, 40, true)],
      ['2.4GHz', he(9, 2, 40)],
      ['5GHz', he(9, 2, 160)],
      ['5GHz', ht(15, 20, false)],
    ] as const) {
      const s = structuredClone(sc);
      s.wifi!.band = band;
      for (const st of s.wifi!.stations) {
        st.rate = rate;
        st.uplinkRate = rate;
      }
      expect(validateScenario(s), `${band} ${JSON.stringify(rate)}`).toEqual([]);
    }
  });

  it('legacy rates: 802.11b DSSS/CCK on 2.4 GHz only, OFDM on both', () => {
    const legacy = (mcs: number) => ({
      mode: 'legacy' as const,
      mcs,
      nss: 1,
      widthMHz: 20 as const,
      shortGi: false,
    });
    expect(bandPhyError('r', legacy(3), '5GHz')).toMatch(
      /^r\.mcs = 3 is not allowed with wifi\.band 5GHz: the 802\.11b/,
    );
    expect(bandPhyError('r', legacy(3), '2.4GHz')).toBeNull();
    expect(bandPhyError('r', legacy(4), '5GHz')).toBeNull();
  });

  it('every preset still validates', () => {
    for (const p of PRESETS) expect(validateScenario(p.scenario()), p.id).toEqual([]);
    expect(Object.keys(BAND_PHY)).toEqual(['2.4GHz', '5GHz']);
  });
});
