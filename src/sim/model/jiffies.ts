/**
 * The jiffy clock and timer_list expiry (kernel/time/timer.c): what a timer
 * armed for `jiffies + n` waits, at a given CONFIG_HZ. The sim's clock starts
 * at jiffy 0.
 *
 * Since 4.8 (500462a9de65 "timer: Switch to a non-cascading wheel") a timer
 * sits in a bucket of its level's granularity and calc_index() rounds its
 * expiry up past it, so that it never fires early: level 0 (under 63 jiffies
 * ahead) fires one jiffy after `expires`, level 1 (under 504) on the next
 * multiple of 8 after it, and so on (LVL_CLK_SHIFT 3, LVL_BITS 6). Before
 * it the cascading wheel ran a timer at the tick where jiffies reached
 * `expires`.
 */
import { NS_PER_SEC, type Ns } from '../engine/time';
import { pow2 } from '../engine/pow2';

/** jiffies at `nowNs`. */
export function jiffiesAt(nowNs: Ns, hz: number): number {
  return Math.floor((nowNs * hz) / NS_PER_SEC);
}

/** The time of jiffy `j` (its tick). */
export function jiffyStartNs(j: number, hz: number): Ns {
  return Math.ceil((j * NS_PER_SEC) / hz);
}

/** usecs_to_jiffies(): rounds up. */
export function usecsToJiffies(us: number, hz: number): number {
  return Math.ceil((us * hz) / 1_000_000);
}

/** msecs_to_jiffies(): rounds up. */
export function msecsToJiffies(ms: number, hz: number): number {
  return Math.ceil((ms * hz) / 1000);
}

const LVL_CLK_SHIFT = 3;
const LVL_SIZE = 64;
/** Levels of the wheel with HZ > 100 (LVL_DEPTH 9); the last one holds anything further. */
const LVL_DEPTH = 9;

/** When a timer armed at `nowNs` for `jiffies + delayJiffies` runs. */
export function timerFireNs(nowNs: Ns, delayJiffies: number, hz: number, levelWheel: boolean): Ns {
  const now = jiffiesAt(nowNs, hz);
  let expires = now + Math.max(0, delayJiffies);
  if (levelWheel) {
    const delta = expires - now;
    let lvl = 0;
    // LVL_START(n) = (LVL_SIZE - 1) << ((n - 1) * LVL_CLK_SHIFT)
    while (lvl < LVL_DEPTH - 1 && delta >= (LVL_SIZE - 1) * pow2(lvl * LVL_CLK_SHIFT)) lvl++;
    const gran = pow2(lvl * LVL_CLK_SHIFT);
    expires = (Math.floor(expires / gran) + 1) * gran;
  }
  return Math.max(nowNs, jiffyStartNs(expires, hz));
}
