/**
 * tcp_update_pacing_rate (net/ipv4/tcp_input.c) and the EDT step of
 * tcp_update_skb_after_send (net/ipv4/tcp_output.c). Values by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ms, us } from '../../engine/time';
import { edtAdvance, pacingLenNs, tcpPacingRate } from './pacing';

const MSS = 1448;

describe('tcpPacingRate', () => {
  it('is 200 % of mss·cwnd/srtt while cwnd < ssthresh/2', () => {
    // 2 · 1448 · 10 / 10 ms = 2 896 000 B/s
    expect(tcpPacingRate(MSS, 10, 100, 0, ms(10), Infinity)).toBeCloseTo(2_896_000, 3);
    expect(tcpPacingRate(MSS, 49, 100, 0, ms(10), Infinity)).toBeCloseTo(14_190_400, 3);
  });
  it('is 120 % from cwnd = ssthresh/2 on', () => {
    // 1.2 · 1448 · 50 / 10 ms = 8 688 000 B/s
    expect(tcpPacingRate(MSS, 50, 100, 0, ms(10), Infinity)).toBeCloseTo(8_688_000, 3);
    expect(tcpPacingRate(MSS, 100, 100, 0, ms(10), Infinity)).toBeCloseTo(17_376_000, 3);
  });
  it('halves ssthresh with integer division, as the kernel does on u32', () => {
    // ssthresh 11: 11 / 2 = 5, so cwnd 5 is no longer "far from the end of slow start"
    expect(tcpPacingRate(MSS, 5, 11, 0, ms(10), Infinity)).toBeCloseTo(868_800, 3);
    expect(tcpPacingRate(MSS, 4, 11, 0, ms(10), Infinity)).toBeCloseTo(1_158_400, 3);
  });
  it('uses 200 % in the initial slow start (ssthresh = TCP_INFINITE_SSTHRESH)', () => {
    expect(tcpPacingRate(MSS, 10, 0x7fffffff, 0, ms(1), Infinity)).toBeCloseTo(28_960_000, 2);
  });
  it('takes max(cwnd, packets_out)', () => {
    // 2 · 1448 · 20 / 10 ms
    expect(tcpPacingRate(MSS, 10, 0x7fffffff, 20, ms(10), Infinity)).toBeCloseTo(5_792_000, 3);
  });
  it('is capped by sk_max_pacing_rate', () => {
    expect(tcpPacingRate(MSS, 100, 100, 0, us(100), 1_000_000)).toBe(1_000_000);
  });
  it('is unlimited (~0) without an RTT sample', () => {
    expect(tcpPacingRate(MSS, 10, 100, 0, 0, Infinity)).toBe(Infinity);
  });
});

describe('pacingLenNs', () => {
  it('is len · 1e9 / rate, truncated', () => {
    // 14480 B at 12.5 MB/s = 1.1584 ms
    expect(pacingLenNs(14_480, 12.5e6)).toBe(1_158_400);
    // 1000 B at 3 MB/s = 333 333.3 ns
    expect(pacingLenNs(1000, 3e6)).toBe(333_333);
  });
});

describe('edtAdvance', () => {
  const rate = 12.5e6;
  it('advances by the full pacing time when the skb is not late', () => {
    expect(edtAdvance(ms(5), ms(5), 14_480, rate)).toBe(ms(5) + 1_158_400);
  });
  it('takes the lateness as credit', () => {
    // prior stamp 100 µs in the past: 1158400 − 100000
    expect(edtAdvance(ms(5), ms(5) - us(100), 14_480, rate)).toBe(ms(5) + 1_058_400);
  });
  it('takes at most half of the pacing time as credit', () => {
    // credit 2 ms > 579200: the stamp still moves by half
    expect(edtAdvance(ms(5), ms(3), 14_480, rate)).toBe(ms(5) + 579_200);
    // odd length: len_ns 333333, half 166666 → advance 166667
    expect(edtAdvance(ms(1), 0, 1000, 3e6)).toBe(ms(1) + 166_667);
  });
  it('never moves the stamp backwards and never by more than the pacing time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 1 << 20 }),
        fc.double({ min: 1e3, max: 1e11, noNaN: true }),
        (w, late, len, r) => {
          const prior = Math.max(0, w - late);
          const next = edtAdvance(w, prior, len, r);
          const full = Math.floor((len * 1e9) / r);
          expect(next - w).toBeLessThanOrEqual(full);
          expect(next - w).toBeGreaterThanOrEqual(full - Math.floor(full / 2));
        },
      ),
    );
  });
});

describe('tcp_update_pacing_rate in the kernel’s integer arithmetic, with the sysctl ratios', () => {
  // rate = mss · ((USEC_PER_SEC / 100) << 3) · ratio · max(cwnd, packets_out) / srtt_us, srtt_us = srtt µs << 3
  it('1448 · 80000 · 200 · 10 / 8000 at srtt 1 ms in slow start', () => {
    expect(tcpPacingRate(1448, 10, 2 ** 31 - 1, 0, 1_000_000, Infinity)).toBe(28_960_000);
  });
  it('120 % once cwnd >= ssthresh / 2, and other ratios as set', () => {
    expect(tcpPacingRate(1448, 10, 20, 0, 1_000_000, Infinity)).toBe(17_376_000);
    expect(tcpPacingRate(1448, 10, 2 ** 31 - 1, 0, 1_000_000, Infinity, 150, 100)).toBe(21_720_000);
    expect(tcpPacingRate(1448, 10, 20, 0, 1_000_000, Infinity, 150, 100)).toBe(14_480_000);
  });
  it('truncates: srtt 1.0004 ms is srtt_us 8003', () => {
    expect(tcpPacingRate(1448, 10, 20, 0, 1_000_400, Infinity)).toBe(
      Math.floor((1448 * 80000 * 120 * 10) / 8003),
    );
  });
  it('stays ~0U without an RTT sample and is capped at sk_max_pacing_rate', () => {
    expect(tcpPacingRate(1448, 10, 20, 0, 0, Infinity)).toBe(Infinity);
    expect(tcpPacingRate(1448, 10, 20, 0, 1_000_000, 1e6)).toBe(1e6);
  });
});
