/** The jiffy clock and timer_list expiry (kernel/time/timer.c), worked out by hand. */
import { describe, expect, it } from 'vitest';
import { jiffiesAt, msecsToJiffies, timerFireNs, usecsToJiffies } from './jiffies';

const MS = 1_000_000;

describe('jiffies', () => {
  it('counts ticks of 1/HZ s and rounds µs and ms up, as usecs_to_jiffies / msecs_to_jiffies do', () => {
    expect(jiffiesAt(3.9 * MS, 250)).toBe(0);
    expect(jiffiesAt(4 * MS, 250)).toBe(1);
    expect(jiffiesAt(25 * MS, 100)).toBe(2);
    expect(usecsToJiffies(200_000, 250)).toBe(50);
    expect(usecsToJiffies(200_001, 250)).toBe(51);
    expect(usecsToJiffies(1, 1000)).toBe(1);
    expect(msecsToJiffies(40, 100)).toBe(4);
    expect(msecsToJiffies(40, 300)).toBe(12);
  });

  it('the cascading wheel (before 4.8) runs a timer on the tick jiffies reaches expires', () => {
    // armed at 1 ms (jiffy 0 of 4 ms) for jiffies + 10: tick 10 = 40 ms
    expect(timerFireNs(1 * MS, 10, 250, false)).toBe(40 * MS);
  });

  it('the level wheel (4.8+) rounds up past the bucket: level 0 one jiffy later, level 1 the next multiple of 8', () => {
    expect(timerFireNs(1 * MS, 10, 250, true)).toBe(44 * MS); // 10 < 63: bucket 11
    // HZ 1000, a 200 ms RTO armed at 0.5 ms: 200 >= 63, level 1 (granularity 8): (25 + 1) · 8 = 208
    expect(timerFireNs(0.5 * MS, 200, 1000, true)).toBe(208 * MS);
    // 62 jiffies is still level 0, 63 is level 1
    expect(timerFireNs(0, 62, 1000, true)).toBe(63 * MS);
    expect(timerFireNs(0, 63, 1000, true)).toBe(64 * MS);
    // HZ 100, a 40 ms delayed ACK (4 jiffies) armed at 25 ms (jiffy 2): bucket 7 = 70 ms
    expect(timerFireNs(25 * MS, 4, 100, true)).toBe(70 * MS);
  });

  it('HZ 300 ticks fall between whole ns and are rounded up', () => {
    expect(timerFireNs(0, 3, 300, false)).toBe(10 * MS);
    expect(timerFireNs(0, 1, 300, false)).toBe(3_333_334);
  });
});
