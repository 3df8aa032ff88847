import { describe, expect, it } from 'vitest';
import { l2tNs, psTicksToNs, ratecfgPrecompute, t2lBytes } from './psched';
import { htbDefaultBurstBytes, tbfLimitFromLatency, tcBurstNs, tcCalcXmittime } from './tc-rates';

describe('psched_ratecfg (hand-computed)', () => {
  it('20 Mbit/s = 2.5 MB/s: mult = 400 · 2^23 with shift 23, so a 1514-byte frame costs 605 600 ns', () => {
    // 1e9/2.5e6 = 400; the loop doubles factor until mult has bit 31: 400·2^22 < 2^31 ≤ 400·2^23.
    const r = ratecfgPrecompute({ rateBytesPerSec: 2.5e6 });
    expect(r.shift).toBe(23);
    expect(r.mult).toBe(400 * 2 ** 23);
    expect(l2tNs(r, 1514)).toBe(605_600);
  });

  it('overhead, mpu and ATM cells: (len + overhead, at least mpu) rounded up to 48-byte cells of 53', () => {
    const r = ratecfgPrecompute({
      rateBytesPerSec: 2.5e6,
      overheadBytes: 10,
      mpuBytes: 96,
      linklayer: 'atm',
    });
    // 1514 + 10 = 1524 → 32 cells (1536) → 32 · 53 = 1696 bytes on the line.
    expect(l2tNs(r, 1514)).toBe(1696 * 400);
    // 60 + 10 = 70 < mpu 96 → 2 cells → 106 bytes.
    expect(l2tNs(r, 60)).toBe(106 * 400);
  });

  it('psched_ns_t2l: ns back to bytes, less the overhead', () => {
    const r = ratecfgPrecompute({ rateBytesPerSec: 2.5e6, overheadBytes: 14 });
    expect(t2lBytes(r, 605_600)).toBe(1514 - 14);
  });
});

describe('what tc computes (tc_core.c, q_htb.c, q_tbf.c)', () => {
  it('tc_calc_xmittime truncates to µs, then to 64 ns ticks', () => {
    // 1e6 · 1600 / 2.5e6 = 640 µs → 640 · 15.625 = 10 000 ticks = 640 000 ns.
    expect(tcCalcXmittime(2.5e6, 1600)).toBe(10_000);
    expect(tcBurstNs(2.5e6, 1600)).toBe(640_000);
    // 1e6 · 1514 / 3e6 = 504.67 → 504 µs → 7875 ticks.
    expect(tcCalcXmittime(3e6, 1514)).toBe(7875);
    expect(psTicksToNs(7875)).toBe(504_000);
  });

  it('htb without burst: rate/get_hz() + mtu, with get_hz() = 10^9 on high-resolution timers', () => {
    expect(htbDefaultBurstBytes(2.5e6)).toBe(1600);
    expect(htbDefaultBurstBytes(1.25e9)).toBe(1601);
    // A kernel without high-resolution timers reports HZ (250): 2.5e6 / 250 + 1600.
    expect(htbDefaultBurstBytes(2.5e6, 1600, 250)).toBe(11_600);
  });

  it('tbf without limit: rate · latency + burst, the smaller with a peak rate', () => {
    expect(tbfLimitFromLatency(2.5e6, 50_000, 15_140)).toBe(125_000 + 15_140);
    expect(tbfLimitFromLatency(2.5e6, 50_000, 15_140, 5e6, 1514)).toBe(140_140);
    expect(tbfLimitFromLatency(2.5e6, 50_000, 300_000, 5e6, 1514)).toBe(251_514);
  });
});
