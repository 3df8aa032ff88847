/**
 * iperf3's `-b` rate limiter for a TCP stream, as iperf 3.9–3.15 have it
 * (src/iperf_api.c): iperf_check_throttle computes the stream's average rate
 * since its start, `bytes_sent * 8 / seconds`, and gives the stream the green
 * light while that is below the target (`green_light = 1`, the socket back in
 * the select write set), else takes it away. It runs after every block the
 * stream writes (iperf_send, `multisend` is 1 when a rate is set) and on a
 * periodic timer of `--pacing-timer` µs (send_timer_proc, created by
 * iperf_create_send_timers; default DEFAULT_PACING_TIMER = 1000 µs). So the
 * stream writes whole blocks in bursts: at each tick that finds it behind,
 * as many blocks as bring its average back to the target — about
 * rate × tick / block, at least one.
 */
import type { Ns } from '../../engine/time';
import { NS_PER_SEC } from '../../engine/time';

export class Iperf3Throttle {
  /** sp->result->bytes_sent: bytes of the blocks written so far. */
  bytesSent = 0;
  /** sp->green_light; iperf_create_send_timers starts every stream with it on. */
  greenLight = true;

  constructor(
    readonly rateBps: number,
    /** start_time_fixed: when the stream started. */
    readonly startNs: Ns,
  ) {}

  /** iperf_check_throttle at `nowNs`. */
  check(nowNs: Ns): boolean {
    const seconds = (nowNs - this.startNs) / NS_PER_SEC;
    // bits_per_second = bytes_sent * 8 / seconds, truncated to a uint64; nothing sent yet is 0.
    if (this.bytesSent === 0) return (this.greenLight = true);
    const bitsPerSecond = seconds > 0 ? Math.floor((this.bytesSent * 8) / seconds) : Infinity;
    this.greenLight = bitsPerSecond < this.rateBps;
    return this.greenLight;
  }

  /** A block was written (test->bytes_sent += r), then iperf_check_throttle. */
  wrote(bytes: number, nowNs: Ns): boolean {
    this.bytesSent += bytes;
    return this.check(nowNs);
  }
}
