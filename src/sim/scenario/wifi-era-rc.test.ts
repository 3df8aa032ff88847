/** What each era hands mac80211's rate control and AQL (eras.ts → wifi-radios.ts → the drivers). */
import { describe, expect, it } from 'vitest';
import { ERAS, ERA_IDS } from './eras';
import type { WifiConfig } from './wifi-config';
import { mac80211Settings } from './wifi-radios';

const w = { airtimeFairness: true, aql: true } as WifiConfig;

describe('minstrel_ht and the AQL estimate by era', () => {
  it('5.4 and earlier: the v4.9 minstrel_ht and the v5.5 estimate; 6.1 and later: v5.12 and v5.9', () => {
    const old = ['3.6', '4.1', '4.9', '4.16', '4.17', '5.4'];
    for (const id of ERA_IDS) {
      const m = mac80211Settings(w, ERAS[id]);
      const isOld = old.includes(id);
      expect(m.minstrel, id).toBe(isOld ? 'v4.9' : 'v5.12');
      expect(m.aqlEstimate, id).toBe(isOld ? 'v5.5' : 'v5.9');
    }
  });

  it('the AQL limits have not changed since the merge: 5000 / 12000 µs per station, 24000 µs per radio', () => {
    expect(mac80211Settings(w, ERAS['6.6']).aql).toEqual({ lowUs: 5000, highUs: 12000, thresholdUs: 24000 });
    expect(mac80211Settings(w, ERAS['6.16']).aql).toEqual({ lowUs: 5000, highUs: 12000, thresholdUs: 24000 });
  });
});
