/**
 * The fws hanger (drivers/net/wireless/broadcom/brcm80211/brcmfmac/fwsignal.c,
 * struct brcmf_fws_hanger): a fixed array of slots that holds each skb from
 * brcmf_fws_process_skb until the firmware's TXSTATUS names its slot (or, in
 * FC mode 0, until it is handed to the bus). This is where late TX
 * completion keeps TSQ's bytes.
 */
import type { Skb } from '../../skb';

export class FwsHanger {
  private readonly slots: (Skb | null)[];
  private used = 0;
  private bytes = 0;
  /** brcmf_fws_hanger.slot_pos: where the last free-slot scan stopped. */
  private pos = 0;

  constructor(slotCount: number) {
    this.slots = new Array<Skb | null>(slotCount).fill(null);
  }

  get pkts(): number {
    return this.used;
  }
  get l2Bytes(): number {
    return this.bytes;
  }
  get size(): number {
    return this.slots.length;
  }

  /** brcmf_fws_hanger_get_free_slot + pushpkt: the slot taken, or −1 if all are held. */
  push(skb: Skb): number {
    const n = this.slots.length;
    let i = (this.pos + 1) % n;
    while (i !== this.pos) {
      if (this.slots[i] === null) {
        this.pos = i;
        this.slots[i] = skb;
        this.used++;
        this.bytes += skb.l2Bytes;
        return i;
      }
      i = i + 1 === n ? 0 : i + 1;
    }
    return -1;
  }

  /** brcmf_fws_hanger_poppkt: the skb in `slot`, which is free again. */
  pop(slot: number): Skb {
    const skb = this.slots[slot];
    if (!skb) throw new Error(`fws: no packet in hanger slot ${slot}`);
    this.slots[slot] = null;
    this.used--;
    this.bytes -= skb.l2Bytes;
    return skb;
  }
}
