/**
 * iperf3 -b (src/iperf_api.c, iperf_check_throttle): blocks written per
 * pacing-timer tick, worked by hand from `bytes_sent * 8 / seconds < rate`.
 */
import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../../engine/time';
import { Iperf3Throttle } from './iperf3-throttle';

/** Blocks written at each tick (t = 0 is the stream's start), writing while the light is green. */
function burstsPerTick(rateBps: number, blockBytes: number, tickMs: number, ticks: number): number[] {
  const th = new Iperf3Throttle(rateBps, 0);
  const out: number[] = [];
  for (let k = 0; k < ticks; k++) {
    const now = k * tickMs * NS_PER_MS;
    let n = 0;
    if (k > 0) th.check(now); // the timer's iperf_check_throttle
    while (th.greenLight && n < 1000) {
      th.wrote(blockBytes, now); // iperf_send: one block, then iperf_check_throttle
      n++;
    }
    out.push(n);
  }
  return out;
}

describe('iperf3 -b rate limiter', () => {
  it('100 Mbit/s in 8 KiB blocks on the 1 ms timer: 12 500 bytes are due per ms, so 1, 1, 2, 1, 2, 1 blocks', () => {
    // Due by t ms: 12 500·t bytes. t=0: the first block (green from the start), then +Inf: red.
    // t=1: 8192 < 12 500 → 16 384. t=2: 16 384, 24 576 < 25 000 → 32 768. t=3: → 40 960.
    // t=4: 40 960, 49 152 < 50 000 → 57 344. t=5: → 65 536.
    expect(burstsPerTick(100e6, 8192, 1, 6)).toEqual([1, 1, 2, 1, 2, 1]);
  });

  it('128 KiB blocks at 10 Mbit/s: one block every ~105 ms, nothing between', () => {
    const b = burstsPerTick(10e6, 128 * 1024, 1, 320);
    const at = b.flatMap((n, t) => (n > 0 ? [t] : []));
    // Block k+1 goes at the first tick t with k·131 072·8 / t ms < 10 Mbit/s, i.e. t > 104.8576·k.
    expect(at).toEqual([0, 105, 210, 315]);
    expect(b.filter((n) => n > 1)).toEqual([]);
  });

  it('a longer --pacing-timer writes bigger bursts at the same average', () => {
    // 125 000 bytes due per 10 ms tick: by tick k, ceil(125 000·k / 8192) blocks in all
    // (16, 31, 46, 62, 77, 92, 107, 123, 138, 153), the first one at t = 0.
    const ten = burstsPerTick(100e6, 8192, 10, 11);
    expect(ten).toEqual([1, 15, 15, 15, 16, 15, 15, 15, 16, 15, 15]);
  });
});
