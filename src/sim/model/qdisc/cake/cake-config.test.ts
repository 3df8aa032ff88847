import { describe, expect, it } from 'vitest';
import {
  cakeBufferLimit,
  cakeCalcOverhead,
  cakeDurNs,
  cakeOverheadSkb,
  cakeSetRate,
  dscp0Tin,
} from './cake-config';

describe('cake_set_rate (hand-computed)', () => {
  it('20 Mbit/s: rate_ns = 400 · 2^25 with rate_shft 25, quantum 610, target 5 ms, interval 100 ms', () => {
    // (1e9 << 34) / 2.5e6 = 400 · 2^34, shifted right 9 times to fit in 34 bits.
    const r = cakeSetRate(2.5e6, 1514, 5e6, 100e6);
    expect(r.rateShft).toBe(25);
    expect(r.rateNs).toBe(400 * 2 ** 25);
    expect(cakeDurNs(r, 1514)).toBe(605_600);
    expect(r.flowQuantum).toBe(610); // 2.5e6 >> 12
    expect(r.cparams.mtuTimeNs).toBe(605_600);
    expect(r.cparams.targetNs).toBe(5e6); // max(1.5 · 605 600, 5 ms)
    expect(r.cparams.intervalNs).toBe(100e6);
  });

  it('at 1 Mbit/s the target grows to 1.5 MTU times and the interval with it', () => {
    const r = cakeSetRate(125_000, 1514, 5e6, 100e6);
    const mtuTime = cakeDurNs(r, 1514);
    expect(Math.abs(mtuTime - 12_112_000)).toBeLessThanOrEqual(1);
    expect(r.cparams.targetNs).toBe(Math.floor((mtuTime * 3) / 2));
    expect(r.cparams.intervalNs).toBe(100e6 + r.cparams.targetNs - 5e6);
    expect(r.flowQuantum).toBe(300);
  });

  it('DSCP 0 is tin 0 at the full rate in diffserv3/4, tin 2 at 49/64 of it in diffserv8', () => {
    expect(dscp0Tin('diffserv3', 2.5e6)).toEqual({ tin: 0, tinCount: 3, rate: 2.5e6 });
    expect(dscp0Tin('diffserv4', 2.5e6).rate).toBe(2.5e6);
    expect(dscp0Tin('diffserv8', 2.5e6)).toEqual({ tin: 2, tinCount: 8, rate: 1_914_062 });
  });

  it('memory limit: max(rate · interval · 4, 4 MiB), at most 10240 · psched_mtu', () => {
    expect(cakeBufferLimit(2.5e6, 100_000, 0, 1514)).toBe(4 << 20);
    expect(cakeBufferLimit(125e6, 100_000, 0, 1514)).toBe(10240 * 1514);
    expect(cakeBufferLimit(125e6, 100_000, 32 << 20, 1514)).toBe(32 << 20);
  });
});

describe('cake_calc_overhead / cake_overhead (tc keywords from q_cake.c)', () => {
  const raw = { overheadSet: false, overheadBytes: 0, mpuBytes: 0, atm: 'none' as const };
  it('raw (no keyword): the 14-byte Ethernet header the kernel counts stays, nothing is added', () => {
    expect(cakeCalcOverhead(raw, 1514)).toBe(1514);
  });
  it('`ethernet` (overhead 38, mpu 84): the header is replaced by preamble, FCS, gap and header', () => {
    const eth = { overheadSet: true, overheadBytes: 38, mpuBytes: 84, atm: 'none' as const };
    expect(cakeCalcOverhead(eth, 1514)).toBe(1538);
    expect(cakeCalcOverhead(eth, 60)).toBe(84);
  });
  it('`docsis` (18, mpu 64), `conservative` (48 over ATM) and `bridged-ptm` (22 over PTM)', () => {
    expect(cakeCalcOverhead({ overheadSet: true, overheadBytes: 18, mpuBytes: 64, atm: 'none' }, 1514)).toBe(
      1518,
    );
    // 1500 + 48 = 1548 → 33 cells of 53 bytes.
    expect(cakeCalcOverhead({ overheadSet: true, overheadBytes: 48, mpuBytes: 0, atm: 'atm' }, 1514)).toBe(
      1749,
    );
    // 1500 + 22 = 1522, plus one byte per started 64: (1522 + 63) / 64 = 24.
    expect(cakeCalcOverhead({ overheadSet: true, overheadBytes: 22, mpuBytes: 0, atm: 'ptm' }, 1514)).toBe(
      1546,
    );
  });
  it('a GSO skb is adjusted per segment: full segments at gso_size + headers, the last one with the rest', () => {
    const eth = { overheadSet: true, overheadBytes: 38, mpuBytes: 84, atm: 'none' as const };
    // 3 segments of 1448 and a 100-byte tail, 66-byte headers each.
    const l2 = 3 * 1448 + 100 + 4 * 66;
    expect(cakeOverheadSkb(eth, l2, 4, 1448, 66)).toBe(3 * 1538 + (100 + 66 - 14 + 38));
  });
});
