/** The fws hanger: slots handed out round the array, held until popped, counted in packets and bytes. */
import { describe, expect, it } from 'vitest';
import { FwsHanger } from './brcmfmac-hanger';
import { dataSkb } from './brcmfmac-testkit';

describe('FwsHanger', () => {
  it('hands out slots after the last one taken, and refuses when every slot is held', () => {
    const h = new FwsHanger(3);
    const skbs = [dataSkb(), dataSkb(), dataSkb(), dataSkb()];
    // brcmf_fws_hanger_get_free_slot starts its scan one past slot_pos (0) and wraps.
    expect(skbs.map((s) => h.push(s))).toEqual([1, 2, 0, -1]);
    expect(h.pkts).toBe(3);
    expect(h.pop(2)).toBe(skbs[1]);
    expect(h.push(skbs[3])).toBe(2);
  });

  it('never looks at slot_pos itself: a lone free slot there is not found, as in the kernel', () => {
    const h = new FwsHanger(2);
    expect(h.push(dataSkb())).toBe(1);
    expect(h.push(dataSkb())).toBe(0);
    h.pop(0);
    expect(h.push(dataSkb())).toBe(-1);
  });

  it('counts the bytes it holds and refuses to pop an empty slot', () => {
    const h = new FwsHanger(8);
    const a = dataSkb(0, 1000);
    const slot = h.push(a);
    h.push(dataSkb(0, 500));
    expect(h.l2Bytes).toBe(a.l2Bytes + dataSkb(0, 500).l2Bytes);
    h.pop(slot);
    expect(h.l2Bytes).toBe(dataSkb(0, 500).l2Bytes);
    expect(() => h.pop(slot)).toThrow(/no packet in hanger slot/);
  });
});
