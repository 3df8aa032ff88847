/**
 * tcp_tso_autosize with and without the min_rtt bonus (65466904b015, 5.18):
 * bytes = pacing_rate >> sk_pacing_shift; r = min_rtt_us >> tcp_tso_rtt_log;
 * if (r < 32) bytes += sk_gso_max_size >> r; bytes = min(bytes,
 * sk_gso_max_size); segs = max(bytes / mss, min_tso_segs). Values by hand,
 * with sk_gso_max_size = 65536 − (MAX_TCP_HEADER 320 + 1) = 65215.
 */
import { describe, expect, it } from 'vitest';
import { ERAS } from '../../scenario/eras';
import type { KernelFeatures } from './kernel-features';
import { tsoSegs, type AutosizeInputs } from './tso';

const k = (log: number | null): KernelFeatures => ({ ...ERAS['6.6'].kernel, tcpTsoRttLog: log });
const x = (minRttUs: number, over: Partial<AutosizeInputs> = {}): AutosizeInputs => ({
  mssBytes: 1448,
  pacingRateBytesPerSec: 12.5e6, // 100 Mbit/s: 12207 bytes per 1.024 ms
  sk_pacing_shift: 10,
  gsoMaxSizeBytes: 65536,
  gsoMaxSegs: 65535,
  minTsoSegs: 2,
  minRttNs: minRttUs * 1000,
  ...over,
});

describe('tcp_tso_autosize and tcp_tso_rtt_log', () => {
  it('without the bonus (before 5.18): 12207 / 1448 = 8 segments, whatever min_rtt', () => {
    for (const us of [5, 100, 744, 20_000]) expect(tsoSegs(k(null), x(us))).toBe(8);
  });

  it('log 9: the bonus halves every 512 µs of min_rtt', () => {
    expect(tsoSegs(k(9), x(100))).toBe(45); // r 0: 12207 + 65215, capped at 65215 → 45
    expect(tsoSegs(k(9), x(744))).toBe(30); // r 1: 12207 + 32607 = 44814 → 30
    expect(tsoSegs(k(9), x(1023))).toBe(30); // still r 1
    expect(tsoSegs(k(9), x(1024))).toBe(19); // r 2: 12207 + 16303 = 28510 → 19
    expect(tsoSegs(k(9), x(3000))).toBe(9); // r 5: 12207 + 2037 = 14244 → 9
    expect(tsoSegs(k(9), x(20_000))).toBe(8); // r 39 ≥ 32: none
  });

  it('log 0 leaves a bonus only below 32 µs (r = min_rtt_us)', () => {
    expect(tsoSegs(k(0), x(100))).toBe(8);
    expect(tsoSegs(k(0), x(20))).toBe(8); // 65215 >> 20 = 0
    expect(tsoSegs(k(0), x(5))).toBe(9); // 12207 + 2037
  });

  it('no bonus before the first RTT sample (tcp_min_rtt ~0U)', () => {
    expect(tsoSegs(k(9), x(Infinity))).toBe(8);
  });

  it('the bonus is bounded by the device gso_max_size', () => {
    // 16384 − 321 = 16063: 12207 + 16063 capped at 16063 → 11
    expect(tsoSegs(k(9), x(100, { gsoMaxSizeBytes: 16384 }))).toBe(11);
  });

  it('a slow flow close by: the bonus lifts it far above min_tso_segs', () => {
    expect(tsoSegs(k(9), x(100, { pacingRateBytesPerSec: 150_000 }))).toBe(45);
    expect(tsoSegs(k(null), x(100, { pacingRateBytesPerSec: 150_000 }))).toBe(2);
  });
});
