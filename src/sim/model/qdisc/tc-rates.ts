/**
 * What iproute2's tc computes before the kernel sees a shaper's options
 * (tc/tc_core.c, lib/utils.c __get_hz, tc/q_htb.c htb_parse_class_opt,
 * tc/q_tbf.c tbf_parse_opt): burst sizes become psched ticks, an htb class
 * without `burst` gets rate/HZ + mtu, a tbf without `limit` gets
 * rate·latency + burst.
 *
 * /proc/net/psched (net/sched/sch_api.c psched_show) prints
 * NSEC_PER_USEC, PSCHED_TICKS2NS(1) = 64, 1000000 and
 * NSEC_PER_SEC / hrtimer_resolution, so tc_core_init gets
 * tick_in_usec = 1000 / 64 = 15.625 and get_hz() = 10^9 on a kernel with
 * high-resolution timers (hrtimer_resolution 1 ns), HZ without them.
 */
import { psTicksToNs } from './psched';

/** tc's ticks per microsecond from /proc/net/psched (t2us 1000 / us2t 64 × clock_factor 1). */
export const TICK_IN_USEC = 1000 / 64;
/** get_hz() with high-resolution timers: NSEC_PER_SEC / hrtimer_resolution (1 ns). */
export const GET_HZ_HRTIMER = 1_000_000_000;
/** q_htb.c: `unsigned int mtu = 1600; /* eth packet len *\/`. */
export const TC_HTB_DEFAULT_MTU = 1600;

/**
 * tc_calc_xmittime(rate, size) = tc_core_time2tick(TIME_UNITS_PER_SEC · size / rate):
 * the double is truncated to unsigned µs, then to unsigned ticks.
 */
export function tcCalcXmittime(rateBytesPerSec: number, sizeBytes: number): number {
  const us = Math.floor((1e6 * sizeBytes) / rateBytesPerSec);
  return Math.floor(us * TICK_IN_USEC);
}

/** The ns the kernel stores for a burst tc converted (PSCHED_TICKS2NS(tc_calc_xmittime)). */
export const tcBurstNs = (rateBytesPerSec: number, sizeBytes: number): number =>
  psTicksToNs(tcCalcXmittime(rateBytesPerSec, sizeBytes));

/** q_htb.c: `if (!buffer) buffer = rate64 / get_hz() + mtu;` (integer division). */
export function htbDefaultBurstBytes(
  rateBytesPerSec: number,
  mtuBytes = TC_HTB_DEFAULT_MTU,
  hz = GET_HZ_HRTIMER,
): number {
  return Math.floor(rateBytesPerSec / hz) + mtuBytes;
}

/**
 * q_tbf.c without `limit`: lim = rate·latency/10^6 + buffer, and with a peak
 * rate the smaller of that and prate·latency/10^6 + mtu (assigned to a u32).
 */
export function tbfLimitFromLatency(
  rateBytesPerSec: number,
  latencyUs: number,
  burstBytes: number,
  peakBytesPerSec = 0,
  mtuBytes = 0,
): number {
  let lim = (rateBytesPerSec * latencyUs) / 1e6 + burstBytes;
  if (peakBytesPerSec > 0) lim = Math.min(lim, (peakBytesPerSec * latencyUs) / 1e6 + mtuBytes);
  return Math.floor(lim);
}
