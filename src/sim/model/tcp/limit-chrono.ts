/**
 * What held a sender back, and for how long: the reason the last
 * tcp_write_xmit stopped, timed the way tcp_info's chronograph times
 * TCP_CHRONO_BUSY, TCP_CHRONO_RWND_LIMITED and TCP_CHRONO_SNDBUF_LIMITED
 * (tcp_chrono_start/stop in net/ipv4/tcp_output.c; tcpi_busy_time,
 * tcpi_rwnd_limited, tcpi_sndbuf_limited in tcp_get_info), with the busy
 * time split further by what stopped the loop while data was waiting:
 * - 'cwnd': the congestion window was full (or TSO deferral waited for it);
 * - 'rwnd': the receiver's window (tcp_snd_wnd_test, is_rwnd_limited);
 * - 'pacing': tcp_pacing_check waited for the EDT or hrtimer;
 * - 'tsq': tcp_small_queue_check throttled the socket;
 * - 'sndbuf': nothing left to send and the writer waits for send-buffer memory;
 * - 'app': nothing left to send and the application has nothing to write
 *   (or holds a short tail: Nagle, autocork), the time tcpi_busy_time leaves out.
 * The reason stands from one stop to the next; time spent sending counts to
 * the reason the loop stops at.
 */
import type { Ns } from '../../engine/time';

export const LIMIT_REASONS = ['app', 'sndbuf', 'cwnd', 'rwnd', 'pacing', 'tsq'] as const;
export type LimitReason = (typeof LIMIT_REASONS)[number];

export class LimitChrono {
  private reason: LimitReason = 'app';
  private sinceNs: Ns = 0;
  private readonly totals: Record<LimitReason, number> = {
    app: 0,
    sndbuf: 0,
    cwnd: 0,
    rwnd: 0,
    pacing: 0,
    tsq: 0,
  };

  /** The loop stopped for `reason` at nowNs. */
  set(reason: LimitReason, nowNs: Ns): void {
    if (reason === this.reason) return;
    this.totals[this.reason] += nowNs - this.sinceNs;
    this.reason = reason;
    this.sinceNs = nowNs;
  }

  /** Time per reason up to nowNs (ns). */
  times(nowNs: Ns): Record<LimitReason, number> {
    const t = { ...this.totals };
    t[this.reason] += nowNs - this.sinceNs;
    return t;
  }
}
