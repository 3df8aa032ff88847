/**
 * Receive-buffer autotuning against hand-computed tcp_rcv_space_adjust
 * results: one RTT estimate, one RTT's worth of bytes read, the buffer and
 * window_clamp each generation asks for; the RTT estimator's window and
 * timestamp samples.
 */
import { describe, expect, it } from 'vitest';
import { RCV_TUNING } from '../../scenario/rcv-eras';
import type { EraId } from '../../scenario/eras';
import { RcvSpace } from './rcv-space';
import { RcvWindow } from './rcv-window';

const MSS = 1448;
const MS = 1_000_000;

/** A receiver at t = 0 whose timestamp sample says 10 ms (data at 10 ms echoing a stamp of 0). */
function tuned(era: EraId, so: number | null = null): { w: RcvWindow; s: RcvSpace } {
  const w = new RcvWindow(RCV_TUNING[era], MSS, so);
  const s = new RcvSpace(w, 0);
  s.measureTs(0, MSS, 10 * MS);
  return { w, s };
}

describe('tcp_rcv_rtt_measure_ts', () => {
  it('takes now − TSecr in ms ticks, once per echoed value, for full-sized segments', () => {
    const { s } = tuned('4.16');
    expect(s.rttNs).toBe(10 * MS);
    s.measureTs(0, MSS, 30 * MS); // the same TSecr again: no sample
    expect(s.rttNs).toBe(10 * MS);
    s.measureTs(2 * MS, MSS, 20 * MS); // 18 ms, smoothed by 1/8: 10 + (18 − 10) / 8
    expect(s.rttNs).toBe(11 * MS);
    s.measureTs(3 * MS, 100, 40 * MS); // shorter than rcv_mss: no sample
    expect(s.rttNs).toBe(11 * MS);
  });

  it('counts a 0-tick sample as 1 ms before 6.16, and drops it in 6.16', () => {
    const old = new RcvSpace(new RcvWindow(RCV_TUNING['4.16'], MSS, null), 0);
    old.measureTs(5.2 * MS, MSS, 5.9 * MS);
    expect(old.rttNs).toBe(1 * MS);
    const now = new RcvSpace(new RcvWindow(RCV_TUNING['6.16'], MSS, null), 0);
    now.measureTs(5.2 * MS, MSS, 5.9 * MS);
    expect(now.rttNs).toBe(0);
  });

  it('6.16 latches a lower sample at once (seek-min) where 4.16 smooths it', () => {
    const a = tuned('4.16').s;
    const b = tuned('6.16').s;
    a.measureTs(100 * MS, MSS, 102 * MS);
    b.measureTs(100 * MS, MSS, 102 * MS);
    expect(a.rttNs).toBe(9 * MS); // 10 − 10/8 + 2/8
    expect(b.rttNs).toBe(2 * MS);
  });

  it('the window sample (tcp_rcv_rtt_measure) only ever lowers the estimate', () => {
    const { w, s } = tuned('4.16');
    s.measureWindow(0, 10 * MS); // starts a measure up to rcv_nxt + rcv_wnd (28960)
    s.measureWindow(w.rcvWnd, 14 * MS); // a window in 4 ms
    expect(s.rttNs).toBe(4 * MS);
    s.measureWindow(2 * w.rcvWnd, 30 * MS); // 16 ms: larger, ignored
    expect(s.rttNs).toBe(4 * MS);
  });
});

describe('tcp_rcv_space_adjust', () => {
  it('waits a full RTT between measures, and grows only on a new maximum', () => {
    const { w, s } = tuned('4.16');
    s.adjust(50_000, 0, 5 * MS); // 5 ms < 10 ms RTT: nothing yet
    expect(s.space).toBe(28960);
    s.adjust(20_000, 0, 20 * MS); // 20000 ≤ space 28960: a new measure only
    expect([s.space, w.rcvbuf, s.grows]).toEqual([28960, 376960, 0]);
  });

  it('4.16+: rcvwin = 2 × copied + 16 MSS, plus twice its share of the increase; whole skbs of 2984 bytes', () => {
    const { w, s } = tuned('4.16');
    s.adjust(100_000, 0, 20 * MS);
    // rcvwin = 223168 + 2 × ⌊223168 × 71040 / 28960⌋ = 1318046 → 910 skbs of
    // SKB_TRUESIZE(1448 + 320) grown by 128 until half of it holds an MSS (2984).
    expect(s.space).toBe(100_000);
    expect(w.rcvbuf).toBe(910 * 2984);
    expect(w.windowClamp).toBe((910 * 2984) / 2);
  });

  it('3.13–4.15: the rate grew more than 50 %, so twice the base window', () => {
    const { w, s } = tuned('4.9');
    s.adjust(100_000, 0, 20 * MS);
    // rcvwin = 2 × 223168 = 446336 → 308 skbs of 2984 bytes.
    expect(w.rcvbuf).toBe(308 * 2984);
    expect(w.windowClamp).toBe((308 * 2984) / 2);
  });

  it('before 3.13: space = 2 × copied, and window_clamp takes that space', () => {
    const w = new RcvWindow(RCV_TUNING['3.6'], MSS, null);
    const s = new RcvSpace(w, 0);
    s.measureTs(0, MSS, 10 * MS);
    s.adjust(0, 0, 1 * MS); // the first call only starts a measure (rcvq_space.time was 0)
    s.adjust(200_000, 0, 12 * MS);
    expect(s.space).toBe(400_000);
    expect(w.rcvbuf).toBe(Math.floor(400_000 / MSS) * 2984);
    expect(w.windowClamp).toBe(400_000);
  });

  it('6.6: the buffer for the window comes from the measured scaling_ratio', () => {
    const { w, s } = tuned('6.6');
    w.measureRcvMss(MSS, MSS, 2304); // ratio 160
    s.adjust(100_000, 0, 20 * MS);
    // space 14600 → rcvwin = 223168 + 2 × ⌊223168 × 85400 / 14600⌋ = 2833906; × 256 / 160.
    const rcvwin = 223_168 + 2 * Math.floor((223_168 * 85_400) / 14_600);
    expect(w.rcvbuf).toBe(Math.floor((rcvwin * 256) / 160));
    expect(w.windowClamp).toBe(Math.floor((w.rcvbuf * 160) / 256));
  });

  it('6.16: tcp_rcvbuf_grow asks for 2 × copied plus the out-of-order span, capped at tcp_rmem[2]', () => {
    const { w, s } = tuned('6.16');
    s.adjust(100_000, 30_000, 20 * MS);
    expect(w.rcvbuf).toBe(2 * (200_000 + 30_000)); // ratio 128: twice the window
    expect(w.windowClamp).toBe(230_000);
    s.measureTs(15 * MS, MSS, 25 * MS); // keep the RTT at 10 ms
    s.adjust(100_000 + 30_000_000, 0, 40 * MS);
    expect(w.rcvbuf).toBe(32 << 20);
  });

  it('SO_RCVBUF (SOCK_RCVBUF_LOCK) leaves the buffer as set', () => {
    const { w, s } = tuned('5.4', 65536);
    s.adjust(1_000_000, 0, 20 * MS);
    expect([w.rcvbuf, w.windowClamp, s.grows]).toEqual([131072, 65536 - 1460, 0]);
    expect(s.space).toBe(1_000_000);
  });
});
