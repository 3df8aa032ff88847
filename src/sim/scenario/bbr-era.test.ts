/** BBR v1's ACK-aggregation headroom as its own kernel toggle, by era (78dc70ebaa38, 5.1). */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../run';
import { bbrOptions, ERA_IDS, ERAS } from './eras';
import { kernelFeatures } from './kernel';
import { wiredBase } from './presets/wired-base';
import { applyOverrides, validateScenario } from './validate';

describe("BBR's extra_acked cwnd headroom by era", () => {
  it('is on in the eras from 5.1 and off before, and bbr_extra_acked_gain follows it', () => {
    expect(ERA_IDS.filter((id) => ERAS[id].kernel.bbrAckAggregation)).toEqual(['5.4', '6.1', '6.6', '6.16']);
    for (const id of ERA_IDS)
      expect(bbrOptions(ERAS[id]).extraAckedGain).toBe(ERAS[id].kernel.bbrAckAggregation ? 256 : 0);
  });

  it('follows its own toggle, not EDT pacing', () => {
    const e66 = ERAS['6.6'];
    const off = bbrOptions({ ...e66, kernel: { ...e66.kernel, bbrAckAggregation: false } });
    expect(off.extraAckedGain).toBe(0);
    expect(off.edt).toBe(true);
    // A 4.19.148-style stable kernel: the backport without EDT's 4.20 changes.
    const e417 = ERAS['4.17'];
    const on = bbrOptions({ ...e417, kernel: { ...e417.kernel, bbrAckAggregation: true } });
    expect(on.extraAckedGain).toBe(256);
    expect(on.edt).toBe(false);
  });

  it('is a scenario field, kernel.bbr_ack_aggregation, that the flows’ BBR is built with', () => {
    const on = wiredBase();
    on.tcp.cc = 'bbr';
    const off = applyOverrides(on, { 'kernel.bbr_ack_aggregation': 'false' });
    expect(kernelFeatures(off).bbrAckAggregation).toBe(false);
    expect(bbrOptions(ERAS[off.era], kernelFeatures(off)).extraAckedGain).toBe(0);
    const gain = (sc: typeof on) =>
      (buildModel(sc, 1).senders[0].cc as unknown as { extraAckedGain: number }).extraAckedGain;
    expect([gain(on), gain(off)]).toEqual([256, 0]);
    // Files written before the field validate, and a wrong value is refused by its name.
    expect(validateScenario(JSON.parse(JSON.stringify(on)))).toEqual([]);
    expect(() => applyOverrides(on, { 'kernel.bbr_ack_aggregation': 'sometimes' })).toThrow(
      /kernel\.bbr_ack_aggregation/,
    );
  });
});
