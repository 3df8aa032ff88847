/**
 * tcp_push under small writes (net/ipv4/tcp.c, tcp_output.c): the autocork
 * decision at its exact boundaries, Minshall's Nagle test, and
 * tcp_sndbuf_expand's growth per cwnd (tcp_input.c), worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { tcpSkbTruesize } from '../skb';
import { sndbufPerMss, tcpSndbufExpand } from './sndbuf-expand';
import { tailSkbBytes, tcpMinshallUpdate, tcpNagleHolds, tcpShouldAutocork } from './tcp-push';

describe('tcp_should_autocork', () => {
  // A 1000-byte tail with SG: truesize 896 + 1000 = 1896.
  const base = {
    tailLenBytes: 1000,
    sizeGoalBytes: 44 * 1448,
    autocorking: true,
    rtxSkbs: 1,
    skWmemAlloc: 1897,
    tailTruesizeBytes: tcpSkbTruesize(1000, true),
  };
  it('corks while sk_wmem_alloc is one byte above the tail’s truesize, not at it', () => {
    expect(base.tailTruesizeBytes).toBe(1896);
    expect(tcpShouldAutocork(base)).toBe(true);
    // sk_wmem_alloc = 1 (sk_alloc) + 1895: only the tail's own charge would be left, not more.
    expect(tcpShouldAutocork({ ...base, skWmemAlloc: 1896 })).toBe(false);
  });
  it('a tail of exactly size_goal is not small; one byte less is', () => {
    expect(tcpShouldAutocork({ ...base, tailLenBytes: base.sizeGoalBytes })).toBe(false);
    expect(tcpShouldAutocork({ ...base, tailLenBytes: base.sizeGoalBytes - 1 })).toBe(true);
  });
  it('never with an empty retransmit queue or with the sysctl off (before 3.14)', () => {
    expect(tcpShouldAutocork({ ...base, rtxSkbs: 0 })).toBe(false);
    expect(tcpShouldAutocork({ ...base, autocorking: false })).toBe(false);
  });
  it('the tail skb of the write queue', () => {
    expect(tailSkbBytes(0, 1000)).toBe(0);
    expect(tailSkbBytes(2500, 1000)).toBe(500);
    expect(tailSkbBytes(2000, 1000)).toBe(1000);
  });
});

describe('Nagle, Minshall variant', () => {
  it('holds a partial segment only while an earlier small one is unacked', () => {
    // snd_sml at 1100 (a 100-byte segment after 1000 bytes), snd_una 1000, snd_nxt 1100: unacked.
    expect(tcpNagleHolds(false, 1, 1100, 1000, 1100)).toBe(true);
    // acked (snd_una reached snd_sml): the next small segment may go.
    expect(tcpNagleHolds(false, 1, 1100, 1100, 1100)).toBe(false);
    expect(tcpNagleHolds(true, 1, 1100, 1000, 1100)).toBe(false); // TCP_NODELAY
    expect(tcpNagleHolds(false, 0, 1100, 1000, 1100)).toBe(false); // nothing in flight
  });
  it('snd_sml moves only for an skb shorter than its segments × mss', () => {
    expect(tcpMinshallUpdate(0, 2896, 2, 1448, 2896)).toBe(0);
    expect(tcpMinshallUpdate(0, 2000, 2, 1448, 2000)).toBe(2000);
  });
});

describe('tcp_sndbuf_expand', () => {
  it('per_mss at mss 1448 is roundup_pow_of_two(1448 + 320 + 320) + 256 = 4352', () => {
    expect(sndbufPerMss(1448)).toBe(4352);
  });
  it('a new connection (cwnd 10): 2 × 10 × 4352 = 87 040 bytes, as ss -m shows', () => {
    expect(tcpSndbufExpand(16384, 1448, 10, 3, 2, 4 << 20)).toBe(87040);
  });
  it('grows with cwnd (never below TCP_INIT_CWND), 3× for BBR, capped by tcp_wmem[2], never shrinks', () => {
    expect(tcpSndbufExpand(87040, 1448, 4, 3, 2, 4 << 20)).toBe(87040);
    expect(tcpSndbufExpand(87040, 1448, 100, 3, 2, 4 << 20)).toBe(870_400);
    expect(tcpSndbufExpand(87040, 1448, 100, 3, 3, 4 << 20)).toBe(1_305_600);
    expect(tcpSndbufExpand(87040, 1448, 1000, 3, 2, 4 << 20)).toBe(4 << 20);
    expect(tcpSndbufExpand(2_000_000, 1448, 100, 3, 2, 4 << 20)).toBe(2_000_000);
    // reordering + 1 above cwnd counts: reordering 300 → 301 segments.
    expect(tcpSndbufExpand(87040, 1448, 10, 300, 2, 4 << 20)).toBe(2 * 301 * 4352);
  });
});
