/**
 * Fixtures shared by the qdisc tests: skb and socket stand-ins, and a drain
 * loop that plays the device (dequeue until empty, wake on nextWakeNs).
 */
import type { Ns } from '../../engine/time';
import { PacingStatus, Skb, SkbKind, type SkbOwner } from '../skb';
import type { Qdisc } from './qdisc';

export interface SkbSpec {
  flowId?: number;
  /** Payload bytes; with the default 66-byte header, 1448 gives l2Bytes 1514. */
  lenBytes?: number;
  segs?: number;
  priority?: number;
  kind?: SkbKind;
  owner?: SkbOwner | null;
  tstampNs?: Ns;
  truesizeBytes?: number;
  seq?: number;
  /** ECN-capable transport. */
  ect?: boolean;
}

export function mkSkb(s: SkbSpec = {}): Skb {
  const skb = new Skb();
  skb.flowId = s.flowId ?? 0;
  skb.lenBytes = s.lenBytes ?? 1448;
  skb.segs = s.segs ?? 1;
  skb.priority = s.priority ?? 0;
  skb.kind = s.kind ?? SkbKind.DATA;
  skb.owner = s.owner ?? null;
  skb.tstampNs = s.tstampNs ?? 0;
  skb.truesizeBytes = s.truesizeBytes ?? 2048;
  skb.seq = s.seq ?? 0;
  skb.ect = s.ect ?? false;
  return skb;
}

export function mkOwner(flowId: number, pacingRateBytesPerSec: number): SkbOwner {
  return {
    flowId,
    pacingRateBytesPerSec,
    sk_pacing_status: PacingStatus.NONE,
    sk_pacing_shift: 10,
    pacingShiftUpdate(shift: number): void {
      this.sk_pacing_shift = shift;
    },
    onSkbFree(): void {},
    chargeWmem(): void {},
  };
}

export interface Departure {
  tNs: Ns;
  skb: Skb;
}

/**
 * Serves the qdisc like an infinitely fast device: dequeue everything
 * eligible at t, then jump to the qdisc's next wake time.
 */
export function drain(q: Qdisc, startNs: Ns, maxSteps = 1_000_000): Departure[] {
  const out: Departure[] = [];
  let t = startNs;
  for (let step = 0; step < maxSteps; step++) {
    const skb = q.dequeue(t);
    if (skb !== null) {
      out.push({ tNs: t, skb });
      continue;
    }
    const wake = q.nextWakeNs();
    if (wake < 0) break;
    t = Math.max(t, wake);
  }
  return out;
}
