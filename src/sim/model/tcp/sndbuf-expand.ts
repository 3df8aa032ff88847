/**
 * Send-buffer autotuning (net/ipv4/tcp_input.c): tcp_sndbuf_expand sizes
 * sk_sndbuf for the congestion window, unless the user set SO_SNDBUF
 * (SOCK_SNDBUF_LOCK):
 *   per_mss = roundup_pow_of_two(max(mss_clamp, mss_cache) + MAX_TCP_HEADER
 *             + SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))
 *             + SKB_DATA_ALIGN(sizeof(struct sk_buff))
 *   nr_segs = max(TCP_INIT_CWND, snd_cwnd, reordering + 1)
 *   sndmem  = (ca_ops->sndbuf_expand ?: 2) × nr_segs × per_mss   (BBR: 3)
 *   if (sk_sndbuf < sndmem) sk_sndbuf = min(sndmem, tcp_wmem[2])
 * It runs when the connection is set up (tcp_init_buffer_space) and from
 * tcp_new_space, which tcp_check_space calls after an ACK freed write-queue
 * skbs (SOCK_QUEUE_SHRUNK) while the writer waits for memory (SOCK_NOSPACE),
 * if tcp_should_expand_sndbuf: not locked and `tcp_packets_in_flight < cwnd`
 * ("if we filled the congestion window, do not expand"). The x86-64 sizes
 * are those of ../skb.ts: MAX_TCP_HEADER 320, skb_shared_info 320, sk_buff
 * 256 after alignment; mss 1448 gives per_mss 4352 and, at the initial
 * window of 10, the 87040-byte buffer `ss -m` shows on a new connection.
 * tcp_sndbuf_expand came with 6ae705323b71 (3.13); earlier kernels' tcp_new_space grew
 * sk_sndbuf from the same product of cwnd and a per-segment size.
 */

/** TCP_INIT_CWND (include/net/tcp.h). */
export const TCP_INIT_CWND = 10;
const MAX_TCP_HEADER = 320;
const SHINFO_ALIGNED = 320;
const SK_BUFF_ALIGNED = 256;

function roundupPowOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** per_mss of tcp_sndbuf_expand (bytes). */
export function sndbufPerMss(mssBytes: number): number {
  return roundupPowOfTwo(mssBytes + MAX_TCP_HEADER + SHINFO_ALIGNED) + SK_BUFF_ALIGNED;
}

/** tcp_sndbuf_expand: the new sk_sndbuf. `expandFactor` is the CC's sndbuf_expand (2, BBR 3). */
export function tcpSndbufExpand(
  sndbufBytes: number,
  mssBytes: number,
  cwnd: number,
  reordering: number,
  expandFactor: number,
  wmemMaxBytes: number,
): number {
  const nrSegs = Math.max(TCP_INIT_CWND, cwnd, reordering + 1);
  const sndmem = expandFactor * nrSegs * sndbufPerMss(mssBytes);
  return sndbufBytes < sndmem ? Math.min(sndmem, wmemMaxBytes) : sndbufBytes;
}

/** Send-buffer autotuning of a socket without SO_SNDBUF: tcp_wmem[1] at creation, then tcp_sndbuf_expand. */
export interface SndbufAutotune {
  /** tcp_wmem[1]: sk_sndbuf of a new socket (tcp_init_sock). */
  initialBytes: number;
  /** tcp_wmem[2]: the cap. */
  maxBytes: number;
}

/** What tcp_new_space reads of the socket. */
export interface SndbufSocket {
  sndbuf: number;
  readonly mss: number;
  readonly snd_cwnd: number;
  readonly inFlight: number;
  readonly cc: { readonly name: string };
}

/** The congestion control's sndbuf_expand: BBR asks for 3 (tcp_bbr.c, bbr_sndbuf_expand), the rest 2. */
const expandFactor = (cc: string): number => (cc === 'bbr' ? 3 : 2);
/** tp->reordering starts at sysctl_tcp_reordering = TCP_FASTRETRANS_THRESH = 3. */
const REORDERING = 3;

/** tcp_init_buffer_space at connection set-up. */
export function sndbufOnEstablished(sk: SndbufSocket, at: SndbufAutotune): void {
  sk.sndbuf = tcpSndbufExpand(
    sk.sndbuf,
    sk.mss,
    sk.snd_cwnd,
    REORDERING,
    expandFactor(sk.cc.name),
    at.maxBytes,
  );
}

/**
 * tcp_check_space → tcp_new_space after an ACK freed write-queue skbs while
 * the writer waits for memory: expand if tcp_should_expand_sndbuf (the
 * congestion window is not full).
 */
export function sndbufOnNewSpace(sk: SndbufSocket, at: SndbufAutotune): void {
  if (sk.inFlight >= sk.snd_cwnd) return;
  sndbufOnEstablished(sk, at);
}
