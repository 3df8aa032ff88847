/**
 * The PHY modes and channel widths each band has, so that a scenario cannot
 * run a rate no radio could use. From IEEE 802.11-2020: HT (802.11n, clause
 * 19) on 2.4 and 5 GHz, 20 or 40 MHz; VHT (802.11ac, clause 21) on 5 GHz
 * only; HE (802.11ax, clause 27) on 2.4, 5 and 6 GHz, where 2.4 GHz channels
 * are 20 or 40 MHz wide (HE PHY capabilities: "40 MHz in 2.4 GHz" is the
 * widest 2.4 GHz width, mac80211's IEEE80211_HE_PHY_CAP0_CHANNEL_WIDTH_SET_40MHZ_IN_2G).
 * Legacy rates are 20 MHz wide, and the 802.11b DSSS/CCK ones (clauses 15
 * and 16) exist on 2.4 GHz only; the OFDM ones are 802.11a on 5 GHz and
 * 802.11g on 2.4 GHz. The scenario's bands are 2.4 and 5 GHz
 * (model/wifi/types.ts); 6 GHz would add HE only.
 */
import { isDsss, type Band, type PhyRate } from '../model/wifi/types';

type Mode = PhyRate['mode'];

const MODE_NAMES: Record<Mode, string> = {
  legacy: 'legacy (802.11a/b/g)',
  ht: 'HT (802.11n)',
  vht: 'VHT (802.11ac)',
  he: 'HE (802.11ax)',
};

/** Per band: each mode it has, with the channel widths of that mode there (MHz). */
export const BAND_PHY: Readonly<Record<Band, Partial<Record<Mode, readonly number[]>>>> = {
  '2.4GHz': { legacy: [20], ht: [20, 40], he: [20, 40] },
  '5GHz': { legacy: [20], ht: [20, 40], vht: [20, 40, 80, 160], he: [20, 40, 80, 160] },
};

const bandsOf = (mode: Mode): Band[] => (Object.keys(BAND_PHY) as Band[]).filter((b) => BAND_PHY[b][mode]);

/**
 * Why `rate` (at `path`) is not a rate of `band`, or null. Fields of other
 * types, and modes or bands outside the schema, are left to the per-field
 * checks, which name them already.
 */
export function bandPhyError(path: string, rate: PhyRate, band: unknown): string | null {
  if (typeof band !== 'string' || !Object.hasOwn(BAND_PHY, band)) return null;
  if (!Object.hasOwn(MODE_NAMES, rate.mode)) return null;
  const widths = BAND_PHY[band as Band][rate.mode];
  if (!widths) {
    const where = bandsOf(rate.mode)
      .map((b) => b.replace('GHz', ' GHz'))
      .join(' and ');
    return `${path}.mode = "${rate.mode}" is not allowed with wifi.band ${band}: ${MODE_NAMES[rate.mode]} is ${where} only`;
  }
  if (isDsss(rate) && band !== '2.4GHz')
    return `${path}.mcs = ${rate.mcs} is not allowed with wifi.band ${band}: the 802.11b DSSS/CCK rates (1, 2, 5.5, 11 Mbit/s) are 2.4 GHz only`;
  // A width the mode has on no band (HT 80 MHz) is named by the mode's own check.
  const anyBand = bandsOf(rate.mode).some((b) => BAND_PHY[b][rate.mode]!.includes(rate.widthMHz));
  if (anyBand && !widths.includes(rate.widthMHz))
    return `${path}.widthMHz = ${rate.widthMHz} is not allowed for ${MODE_NAMES[rate.mode]} on wifi.band ${band}: expected ${widths.join(' or ')} MHz`;
  return null;
}
