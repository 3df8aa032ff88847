/**
 * skb->truesize per kernel generation (./skb-truesize.ts), computed by hand
 * from SKB_TRUESIZE with x86_64's aligned struct sizes (sk_buff 256,
 * skb_shared_info 320) and MAX_TCP_HEADER 320.
 */
import { describe, expect, it } from 'vitest';
import { ERAS } from '../scenario/eras';
import { Skb, SkbKind, type SkbOwner } from './skb';
import { gsoSegment } from './skb-segment';
import { skbHeadTruesize, tcpSkbTruesizeOf } from './skb-truesize';

describe('TCP skb truesize by generation', () => {
  it('6.3+: a 640-byte head from skbuff_small_head: 640 + 256 + payload', () => {
    expect(skbHeadTruesize('small-head-cache')).toBe(896);
    expect(tcpSkbTruesizeOf(65160, true, 'small-head-cache')).toBe(896 + 65160);
  });

  it('4.15–6.2: the same 640 bytes asked of kmalloc come from kmalloc-1024: 1024 + 256 + payload', () => {
    expect(skbHeadTruesize('kmalloc')).toBe(1280);
    expect(tcpSkbTruesizeOf(2896, true, 'kmalloc')).toBe(1280 + 2896);
  });

  it('≤ 4.14: a 2 KB head holding 1408 payload bytes, page frags for the rest', () => {
    // SKB_WITH_OVERHEAD(2048 − 320) = 1408 linear bytes: charged 2048 + 256 whatever fills them.
    expect(tcpSkbTruesizeOf(500, true, 'linear-2k')).toBe(2304);
    expect(tcpSkbTruesizeOf(1448, true, 'linear-2k')).toBe(2304 + 40);
    // A full skb costs what a page-frag skb with an 896-byte head would.
    expect(tcpSkbTruesizeOf(65160, true, 'linear-2k')).toBe(896 + 65160);
  });

  it('without SG the payload sits in the head: kmalloc-4096 for one MSS', () => {
    // SKB_DATA_ALIGN(320 + 1448) = 1792, + 320 = 2112 → kmalloc-4096, + 256.
    expect(tcpSkbTruesizeOf(1448, false, 'kmalloc')).toBe(4352);
  });

  it('eras: ≤ 4.9 linear-2k, 4.16–6.1 kmalloc, 6.6+ the small-head cache', () => {
    const head = (id: keyof typeof ERAS) => ERAS[id].kernel.tcpSkbHead;
    expect([head('3.6'), head('4.1'), head('4.9')]).toEqual(['linear-2k', 'linear-2k', 'linear-2k']);
    expect([head('4.16'), head('4.17'), head('5.4'), head('6.1')]).toEqual(Array(4).fill('kmalloc'));
    expect([head('6.6'), head('6.16')]).toEqual(['small-head-cache', 'small-head-cache']);
  });

  it("skb_segment's segments are charged their kernel's head, and sk_wmem_alloc moves by the difference", () => {
    let charged = 0;
    const owner: SkbOwner = {
      flowId: 0,
      pacingRateBytesPerSec: Infinity,
      sk_pacing_status: 0,
      sk_pacing_shift: 10,
      pacingShiftUpdate: () => {},
      onSkbFree: () => {},
      chargeWmem: (d) => (charged += d),
      skbHeadTruesizeBytes: 1280,
    };
    const skb = new Skb();
    skb.kind = SkbKind.DATA;
    skb.owner = owner;
    skb.segs = 3;
    skb.lenBytes = 3 * 1448;
    skb.truesizeBytes = 1280 + 3 * 1448;
    const segs = gsoSegment(skb, true);
    expect(segs.map((s) => s.truesizeBytes)).toEqual([1280 + 1448, 1280 + 1448, 1280 + 1448]);
    expect(charged).toBe(2 * 1280);
  });
});
