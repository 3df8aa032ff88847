/**
 * The socket side of TCP Small Queues (net/ipv4/tcp_output.c,
 * tcp_small_queue_check): compare sk_wmem_alloc with the kernel's limit, set
 * TSQ_THROTTLED when it is over, and keep the throttled time for metrics.
 * The limit formula itself is ./tsq.ts; tcp_wfree's refill is in the sender.
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import type { KernelFeatures } from './kernel-features';
import type { PacingStatus } from '../skb';
import {
  pacingTermBytes,
  tsqBudgetTerms,
  tsqLimitBytes,
  tsqShortcut,
  type TsqBudgetTerms,
  type TsqInputs,
} from './tsq';

/** What the check reads from the socket. */
export interface TsqSocket {
  readonly kernel: KernelFeatures;
  /** refcount_read(&sk->sk_wmem_alloc): 1 + truesize below + references held for TSQ work. */
  readonly skWmemAlloc: number;
  readonly pacingRateBytesPerSec: number;
  readonly sk_pacing_shift: number;
  readonly sk_pacing_status: PacingStatus;
  readonly limitOutputBytes: number;
  readonly cfg: { readonly txDelayUs: number };
  /** skbs in the retransmit queue (the "only one skb in flight" shortcut). */
  readonly rtxSkbs: number;
}

export class TsqGate {
  /** The last limit computed for a new-data skb. */
  limitBytes = 0;
  throttled = false;
  throttleCount = 0;
  throttledNs = 0;
  private since = -1;
  // Refilled on every call: the transmit path allocates nothing. New data and
  // retransmits have their own, so the last new-data check's inputs stay readable.
  private readonly x: TsqInputs = blankInputs(0);
  private readonly xRtx: TsqInputs = blankInputs(1);
  private checked = false;

  constructor(private readonly onThrottle?: (startNs: Ns, endNs: Ns) => void) {}

  /** tcp_small_queue_check: true means stop (throttled). */
  check(sk: TsqSocket, truesizeBytes: number, factor: 0 | 1, nowNs: Ns): boolean {
    const x = factor === 0 ? this.x : this.xRtx;
    x.skbTruesizeBytes = truesizeBytes;
    x.pacingRateBytesPerSec = sk.pacingRateBytesPerSec;
    x.sk_pacing_shift = sk.sk_pacing_shift;
    x.sk_pacing_status = sk.sk_pacing_status;
    x.limitOutputBytes = sk.limitOutputBytes;
    x.txDelayUs = sk.cfg.txDelayUs;
    x.factor = factor;
    const limit = tsqLimitBytes(sk.kernel, x);
    if (factor === 0) {
      this.limitBytes = limit;
      this.checked = true;
    }
    // `refcount_read(&sk->sk_wmem_alloc) > limit`; v3.6–3.11 tested `>= sysctl_tcp_limit_output_bytes`.
    const wmem = sk.skWmemAlloc;
    if (sk.kernel.tsqDynamicLimit ? wmem <= limit : wmem < limit) return false;
    if (tsqShortcut(sk.kernel, sk.rtxSkbs)) return false;
    this.set(true, nowNs);
    this.throttleCount++;
    return true;
  }

  /** 2 × truesize of the last new-data check's skb (0 before one): a probe reads it without allocating. */
  get twiceTruesizeBytes(): number {
    return 2 * this.x.skbTruesizeBytes;
  }

  /** pacing_rate >> sk_pacing_shift at the last new-data check (NaN before one). */
  get pacingTermBytes(): number {
    return this.checked ? pacingTermBytes(this.x.pacingRateBytesPerSec, this.x.sk_pacing_shift) : NaN;
  }

  /** The terms of the last new-data limit (limitBytes), or null before the first check. */
  budgetTerms(k: KernelFeatures): TsqBudgetTerms | null {
    return this.checked ? tsqBudgetTerms(k, this.x) : null;
  }

  set(on: boolean, nowNs: Ns): void {
    if (on === this.throttled) return;
    this.throttled = on;
    if (on) this.since = nowNs;
    else if (this.since >= 0) {
      this.throttledNs += nowNs - this.since;
      this.onThrottle?.(this.since, nowNs);
      this.since = -1;
    }
  }

  /** Time spent throttled, including an open interval. */
  timeNs(nowNs: Ns): Ns {
    return this.throttledNs + (this.throttled && this.since >= 0 ? nowNs - this.since : 0);
  }
}

function blankInputs(factor: 0 | 1): TsqInputs {
  const x: TsqInputs = {
    skbTruesizeBytes: 0,
    pacingRateBytesPerSec: Infinity,
    sk_pacing_shift: 0,
    sk_pacing_status: 0,
    limitOutputBytes: 0,
    txDelayUs: 0,
    factor,
  };
  // An skb's truesize can arrive as a heap number (see double-fields.ts).
  preferDoubleFields(x, ['skbTruesizeBytes']);
  return x;
}

// The throttled total outgrows small integers mid-run (see double-fields.ts).
preferDoubleFields(new TsqGate(), ['throttledNs']);
