/**
 * A UDP socket's send side as its datagrams see it: each is one linear skb
 * made by udp_sendmsg → ip_make_skb → sock_alloc_send_pskb, charged to the
 * socket's sk_wmem_alloc by skb_set_owner_w and released by sock_wfree
 * when the skb is freed (net/core/sock.c; no TSQ, no pacing of its own).
 * Against that count stand sk_sndbuf's two limits: sock_alloc_send_pskb
 * blocks while sk_wmem_alloc ≥ sk_sndbuf, and poll/select report the socket
 * writable only while sk_wmem_alloc < sk_sndbuf >> 1 (sock_writeable,
 * include/net/sock.h). sk_sndbuf of a UDP socket is net.core.wmem_default.
 * iperf3 -u's sender (udp-flow.ts) and irtt's client (udp-probe.ts) are
 * such sockets; what each does when one is full is its own.
 */
import type { Ns } from '../../engine/time';
import { PacingStatus, Skb, SkbKind, type SkbOwner } from '../skb';

/** IPv4 20 + UDP 8 + Ethernet 14: a datagram's headers on the wire. */
export const UDP_HDR_BYTES = 42;
/** net.core.wmem_default (SK_WMEM_MAX, include/net/sock.h): a UDP socket's sk_sndbuf. */
export const UDP_SNDBUF_BYTES = 212_992;

/**
 * truesize of a linear datagram skb (ip_make_skb → sock_alloc_send_pskb):
 * the kmalloc'd head, a power of two ≥ the link-layer reserve (16) + headers
 * + payload + skb_shared_info (320), plus the sk_buff (256).
 */
export function udpSkbTruesize(payloadBytes: number): number {
  const head = payloadBytes + UDP_HDR_BYTES + 16 + 320;
  let p = 512;
  while (p < head) p *= 2;
  return p + 256;
}

export abstract class UdpSocket implements SkbOwner {
  readonly flowId: number;
  pacingRateBytesPerSec = Infinity;
  sk_pacing_status: PacingStatus = PacingStatus.NONE;
  sk_pacing_shift = 10;
  /** sk_wmem_alloc less the socket's own reference. */
  wmemBytes = 0;
  readonly sndbufBytes = UDP_SNDBUF_BYTES;

  constructor(flowId: number) {
    this.flowId = flowId;
  }

  pacingShiftUpdate(): void {}

  chargeWmem(deltaBytes: number): void {
    this.wmemBytes += deltaBytes;
  }

  /** sock_wfree: the datagram left the host (or was dropped). */
  abstract onSkbFree(skb: Skb, nowNs: Ns): void;

  /** sock_writeable (include/net/sock.h): refcount_read(&sk->sk_wmem_alloc) < sk_sndbuf >> 1, sk_alloc's 1 included. */
  writeable(): boolean {
    return 1 + this.wmemBytes < this.sndbufBytes >> 1;
  }

  /** sock_alloc_send_pskb: room while sk_wmem_alloc (its 1 included) is below sk_sndbuf. */
  protected hasRoom(): boolean {
    return 1 + this.wmemBytes < this.sndbufBytes;
  }

  /** ip_make_skb: datagram `seq` of `payloadBytes` to node `dst`, charged to this socket (skb_set_owner_w). */
  protected allocDatagram(dst: number, payloadBytes: number, seq: number, nowNs: Ns): Skb {
    const p = new Skb();
    p.kind = SkbKind.UDP;
    p.flowId = this.flowId;
    p.owner = this;
    p.src = 0;
    p.dst = dst;
    p.seq = seq;
    p.segs = 1;
    p.lenBytes = payloadBytes;
    p.hdrBytes = UDP_HDR_BYTES;
    p.truesizeBytes = udpSkbTruesize(payloadBytes);
    p.createdNs = nowNs;
    this.wmemBytes += p.truesizeBytes;
    return p;
  }
}
