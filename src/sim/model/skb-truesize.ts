/**
 * skb->truesize of a TCP transmit skb per kernel generation, on x86_64
 * (include/linux/skbuff.h SKB_TRUESIZE, net/core/skbuff.c __alloc_skb /
 * kmalloc_reserve, net/ipv4/tcp.c tcp_sendmsg_locked and
 * sk_stream_alloc_skb / tcp_stream_alloc_skb).
 *
 * SKB_TRUESIZE(X) = X + SKB_DATA_ALIGN(sizeof(struct sk_buff)) +
 * SKB_DATA_ALIGN(sizeof(struct skb_shared_info)), SKB_DATA_ALIGN rounding to
 * SMP_CACHE_BYTES (64). The struct sizes, x86_64:
 * - struct sk_buff: 224 bytes in this machine's 6.18 BTF (/sys/kernel/btf/vmlinux,
 *   read with a BTF parser: `sk_buff size 224`), 232 in 3.x–5.x builds
 *   (pahole output quoted in netdev threads); either aligns to 256, and the
 *   skbuff_head_cache slab here holds 256-byte objects (/proc/slabinfo).
 * - struct skb_shared_info: 320 bytes in the 6.18 BTF; in 3.x 48 bytes of
 *   header + MAX_SKB_FRAGS (17 with 4 KB pages) × 16-byte skb_frag_t = 320,
 *   312 after 3.17 dropped hwtstamps' syststamp; 320 aligned in every case.
 * So the fixed overhead of every skb head is 256 + 320 = 576 bytes.
 *
 * A TCP skb's head holds MAX_TCP_HEADER (L1_CACHE_ALIGN(128 + MAX_HEADER):
 * 320 with a distribution config's LL_MAX_HEADER 128 and tunnels' 48), so it
 * asks for SKB_DATA_ALIGN(320) + 320 = 640 bytes; what it is charged depends on
 * the allocator of the era, because __alloc_skb charges what kmalloc gave
 * (SKB_WITH_OVERHEAD(ksize(data)), later kmalloc_size_roundup):
 * - 'linear-2k' (≤ 4.14): with GSO, select_size() gives every new skb
 *   SKB_WITH_OVERHEAD(2048 − MAX_TCP_HEADER) = 1408 bytes of linear payload:
 *   a 2048-byte kmalloc head, truesize 2048 + 256 = 2304 for the first 1408
 *   payload bytes, then + copy for each byte copied into page frags
 *   (skb_copy_to_page_nocache: skb->truesize += copy).
 * - 'kmalloc' (4.15–6.2): linear_payload_sz() keeps the linear payload for the
 *   first skb of an empty write queue only (472c2e07eef0, 5.1, dropped even
 *   that): a bulk sender's skbs have a 640-byte head from kmalloc-1024, so
 *   truesize = 1024 + 256 + payload = 1280 + payload.
 * - 'small-head-cache' (6.3+, bf9f1baa279f "net: add dedicated kmem_cache for
 *   typical/small skb->head"): the 640-byte head comes from skbuff_small_head,
 *   so truesize = 640 + 256 + payload = 896 + payload (tcp_stream_alloc_skb:
 *   SKB_TRUESIZE(skb_end_offset(skb))). This machine's kernel, built with a
 *   smaller MAX_HEADER, has 576-byte small heads (slabinfo): 832 + payload.
 * skb_segment's segments ask for the same head size (the GSO skb's headroom
 * plus its headers), so they are charged the same fixed part.
 * Without SG (before GSO was always on, 4.17) the payload sits in the head:
 * SKB_DATA_ALIGN(MAX_TCP_HEADER + payload) + 320 in a power-of-two kmalloc
 * class, plus 256.
 */

/** How the era allocates a TCP skb's head (see the header). */
export type TcpSkbHead = 'linear-2k' | 'kmalloc' | 'small-head-cache';

/** SKB_DATA_ALIGN(sizeof(struct sk_buff)) on x86_64. */
export const SK_BUFF_ALIGNED_BYTES = 256;
/** SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) on x86_64 (MAX_SKB_FRAGS 17). */
export const SHINFO_ALIGNED_BYTES = 320;
/** MAX_TCP_HEADER on x86_64 with a distribution config. */
export const MAX_TCP_HEADER_BYTES = 320;
/** SKB_WITH_OVERHEAD(2048 − MAX_TCP_HEADER): the linear payload of ≤ 4.14's skbs. */
const LINEAR_2K_PAYLOAD = 2048 - MAX_TCP_HEADER_BYTES - SHINFO_ALIGNED_BYTES;

/** The smallest power-of-two kmalloc class that holds `bytes` (kmalloc-512 … ). */
function kmallocClass(bytes: number): number {
  let c = 512;
  while (c < bytes) c *= 2;
  return c;
}

/** What a page-frag TCP skb (or a segment of one) is charged beyond its frag payload. */
export function skbHeadTruesize(head: TcpSkbHead): number {
  const asked = MAX_TCP_HEADER_BYTES + SHINFO_ALIGNED_BYTES; // SKB_HEAD_ALIGN(MAX_TCP_HEADER)
  const slab = head === 'small-head-cache' ? asked : kmallocClass(asked);
  return slab + SK_BUFF_ALIGNED_BYTES;
}

/** skb->truesize of a TCP skb carrying `payloadBytes`. */
export function tcpSkbTruesizeOf(payloadBytes: number, sg: boolean, head: TcpSkbHead): number {
  if (!sg) {
    const data = Math.ceil((MAX_TCP_HEADER_BYTES + payloadBytes) / 64) * 64 + SHINFO_ALIGNED_BYTES;
    return kmallocClass(data) + SK_BUFF_ALIGNED_BYTES;
  }
  if (head === 'linear-2k') {
    return 2048 + SK_BUFF_ALIGNED_BYTES + Math.max(0, payloadBytes - LINEAR_2K_PAYLOAD);
  }
  return skbHeadTruesize(head) + payloadBytes;
}
