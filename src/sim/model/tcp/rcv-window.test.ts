/**
 * The receive window against hand-computed kernel values: the initial
 * buffer, window, scale, window_clamp and rcv_ssthresh of each generation
 * (tcp_select_initial_window, tcp_fixup_rcvbuf, tcp_init_buffer_space),
 * SO_RCVBUF (doubled, capped by rmem_max), the advertised window rounded to
 * the scale and never shrunk (tcp_select_window), and tcp_grow_window.
 */
import { describe, expect, it } from 'vitest';
import { RCV_TUNING } from '../../scenario/rcv-eras';
import { RcvWindow } from './rcv-window';

const MSS = 1448;

describe('RcvWindow at connection start', () => {
  it('4.16: 87380-byte buffer, 20-segment window, then tcp_fixup_rcvbuf’s 376960 bytes', () => {
    const w = new RcvWindow(RCV_TUNING['4.16'], MSS, null);
    // full space 87380 − 87380/2 = 43690 → 30 segments = 43440, cut to 20 × 1448.
    expect(w.rcvWnd).toBe(28960);
    // 6 MB needs 7 halvings to fit 16 bits.
    expect(w.wscale).toBe(7);
    // 2 × SKB_TRUESIZE(1460 + 320) × 20 × 4 = 2 × 2356 × 80.
    expect(w.rcvbuf).toBe(376960);
    // maxwin 188480, less one advmss (1460) kept in reserve.
    expect(w.windowClamp).toBe(187020);
    expect(w.rcvSsthresh).toBe(28960);
    expect(w.initialRcvqSpace()).toBe(28960);
  });

  it('3.6: tcp_fixup_rcvbuf asks for 10 segments, less than tcp_rmem[1]', () => {
    const w = new RcvWindow(RCV_TUNING['3.6'], MSS, null);
    expect(w.rcvWnd).toBe(10 * MSS);
    expect(w.rcvbuf).toBe(87380);
    expect(w.windowClamp).toBe(43690 - 1460);
  });

  it('5.4: tcp_rmem[1] 131072, a 64 KB window rounded to segments, DRS from 10 segments', () => {
    const w = new RcvWindow(RCV_TUNING['5.4'], MSS, null);
    expect(w.rcvbuf).toBe(131072);
    expect(w.rcvWnd).toBe(45 * MSS); // 65536 rounded down to 65160
    expect(w.windowClamp).toBe(65536 - 1460);
    expect(w.initialRcvqSpace()).toBe(10 * 1460);
  });

  it('6.6: scaling_ratio starts at 1200 / SKB_TRUESIZE(4096), a quarter of the buffer', () => {
    const w = new RcvWindow(RCV_TUNING['6.6'], MSS, null);
    expect(w.scalingRatio).toBe(65); // (1200 << 8) / 4672
    // 131072 × 65 / 256 = 33280 → 22 segments.
    expect(w.rcvWnd).toBe(22 * MSS);
    expect(w.windowClamp).toBe(33280 - 1460);
    expect(w.rcvSsthresh).toBe(33280 - 1460);
  });

  it('6.16: a 50 % ratio, 32 MB tcp_rmem[2] (scale 10), advmss without the TS option', () => {
    const w = new RcvWindow(RCV_TUNING['6.16'], MSS, null);
    expect(w.wscale).toBe(10);
    expect(w.rcvWnd).toBe(45 * MSS);
    expect(w.windowClamp).toBe(65536 - MSS);
    expect(w.initialRcvqSpace()).toBe(10 * MSS);
  });

  it('SO_RCVBUF: doubled, capped at rmem_max first, and the scale fits the clamp', () => {
    const w = new RcvWindow(RCV_TUNING['5.4'], MSS, 65536);
    expect([w.locked, w.rcvbuf]).toEqual([true, 131072]);
    expect(w.wscale).toBe(1); // the clamp (65536) needs one halving
    expect(w.windowClamp).toBe(65536 - 1460);
    // 1 MB is capped at net.core.rmem_max (212992) before doubling.
    expect(new RcvWindow(RCV_TUNING['5.4'], MSS, 1 << 20).rcvbuf).toBe(2 * 212992);
    // A tiny value still gets SOCK_MIN_RCVBUF.
    expect(new RcvWindow(RCV_TUNING['5.4'], MSS, 1000).rcvbuf).toBe(4608);
  });
});

describe('RcvWindow advertising', () => {
  it('rounds the window up to the scale and never moves the right edge back', () => {
    const w = new RcvWindow(RCV_TUNING['6.6'], MSS, null);
    // free 33280 capped at rcv_ssthresh 31820, aligned up to 128: 249 × 128.
    expect(w.selectWindow(0, 0)).toBe(31872);
    // Ten segments later, the buffer empty again: the same right edge moves on.
    expect(w.selectWindow(10 * MSS, 0)).toBe(31872);
    // Ten more segments, with 100 KB queued out of order: tcp_space is 7889
    // bytes, which would move the right edge back; the offer stays at what is
    // left of the last one (17392 bytes), aligned up to 136 × 128.
    expect(w.selectWindow(20 * MSS, 100_000)).toBe(17408);
    expect(w.quickCleared).toBe(true); // less than half the space free
    expect(w.rcvWup + w.rcvWnd).toBeGreaterThanOrEqual(10 * MSS + 31872);
  });

  it('without window scaling keeps a multiple of the MSS', () => {
    const w = new RcvWindow(
      { ...RCV_TUNING['5.4'], tcpRmem: [4096, 32768, 32768], rmemMax: 32768 },
      MSS,
      null,
    );
    expect(w.wscale).toBe(0);
    const win = w.selectWindow(0, 0);
    expect(win % MSS === 0 || win === w.rcvWnd).toBe(true);
    expect(win).toBeLessThanOrEqual(65535);
  });
});

describe('tcp_grow_window', () => {
  it('grows rcv_ssthresh by 2 × advmss per skb whose truesize is at most twice its payload', () => {
    const w = new RcvWindow(RCV_TUNING['4.16'], MSS, null);
    expect(w.growWindow(MSS, 2048 + 256, 2304)).toBe(true);
    expect(w.rcvSsthresh).toBe(28960 + 2 * MSS);
    // A 64 KB GRO skb grows it by twice its length.
    expect(w.growWindow(45 * MSS, 45 * 2048 + 256, 0)).toBe(true);
    expect(w.rcvSsthresh).toBe(28960 + 2 * MSS + 2 * 45 * MSS);
  });

  it('stops at window_clamp', () => {
    const w = new RcvWindow(RCV_TUNING['4.16'], MSS, null);
    for (let i = 0; i < 100; i++) w.growWindow(MSS, 2304, 0);
    expect(w.rcvSsthresh).toBe(187020);
    expect(w.growWindow(MSS, 2304, 0)).toBe(false);
  });

  it('a poor len/truesize ratio grows the window only while it is small (__tcp_grow_window)', () => {
    const w = new RcvWindow(RCV_TUNING['4.16'], MSS, null);
    w.rcvbuf = 6 << 20;
    w.windowClamp = 3 << 20;
    // truesize 8192: win 4096 > 1448, halved to 2048, 1024 ≤ 1448 at the second step,
    // while rcv_ssthresh ≤ win(6 MB) / 4 = 786432.
    w.rcvSsthresh = 786432;
    expect(w.growWindow(MSS, 8192, 0)).toBe(true);
    w.rcvSsthresh = 786433;
    expect(w.growWindow(MSS, 8192, 0)).toBe(false);
    expect(w.growWindow(MSS, 2304, 0)).toBe(true);
  });
});

describe('tcp_measure_rcv_mss and scaling_ratio (6.6+)', () => {
  it('takes the ratio from the first full-sized skb, then keeps it', () => {
    const w = new RcvWindow(RCV_TUNING['6.6'], MSS, null);
    expect(w.rcvMss).toBe(536);
    w.measureRcvMss(MSS, MSS, 2304); // 1448 × 256 / 2304
    expect([w.scalingRatio, w.rcvMss]).toEqual([160, MSS]);
    w.measureRcvMss(MSS, 10 * MSS, 10 * 2048 + 256);
    expect(w.scalingRatio).toBe(160);
    // 6.6 leaves window_clamp where it was; 6.16 moves it with the ratio.
    expect(w.windowClamp).toBe(33280 - 1460);
    const n = new RcvWindow(RCV_TUNING['6.16'], MSS, null);
    expect(n.measureRcvMss(MSS, MSS, 2304)).toBe(true);
    expect(n.windowClamp).toBe(Math.floor((131072 * 160) / 256));
  });
});
