/**
 * cake's ACK filter (net/sched/sch_cake.c cake_ack_filter,
 * cake_tcph_sack_compare, cake_tcph_may_drop): when a pure ACK joins its
 * flow's queue, an older pure ACK of the same connection that it makes
 * redundant is removed — the first of two eligible ones, or in aggressive
 * mode a single one right before the new ACK.
 *
 * What the model's ACKs carry decides what is compared: the cumulative ACK
 * (ackSeq), the SACK blocks, and the echoed timestamp (tsEcrNs); their TSval
 * grows with the queue order, no ACK carries ECE/CWR (ECN is not
 * negotiated), and none carries data or options other than SACK and
 * timestamps.
 */
import { type Skb, SkbKind } from '../../skb';
import type { SkbRing } from '../skb-ring';

export type CakeAckFilter = 'off' | 'on' | 'aggressive';

/**
 * cake_tcph_sack_compare(a, b): −1 if a SACKs something b does not (or a
 * carries a D-SACK), 1 if b SACKs more bytes than a, 0 if they are equal.
 */
export function sackCompare(a: Skb, b: Skb): number {
  const na = a.sack.length / 2;
  const nb = b.sack.length / 2;
  if (na > 0 && nb === 0) return -1;
  if (nb > 0 && na === 0) return 1;
  if (na === 0 && nb === 0) return 0;
  let bytesA = 0;
  let bytesB = 0;
  for (let i = 0; i < na; i++) {
    const startA = a.sack[2 * i];
    const endA = a.sack[2 * i + 1];
    if (startA < a.ackSeq) return -1; // D-SACK: always considered greater
    bytesA += endA - startA;
    let found = false;
    for (let j = 0; j < nb; j++) {
      const startB = b.sack[2 * j];
      const endB = b.sack[2 * j + 1];
      if (i === 0) bytesB += endB - startB;
      if (startB <= startA && endB >= endA) {
        found = true;
        if (i > 0) break;
      }
    }
    if (!found) return -1;
  }
  return bytesB > bytesA ? 1 : 0;
}

const isPureAck = (s: Skb): boolean => s.kind === SkbKind.ACK;

/**
 * Looks for an ACK to drop after `q`'s tail (the triggering ACK) was added;
 * removes it from the queue and returns it, or returns null.
 */
export function cakeAckFilter(q: SkbRing, aggressive: boolean): Skb | null {
  if (q.length < 2) return null;
  const trig = q.at(q.length - 1);
  if (!isPureAck(trig)) return null;
  let elig = -1;
  let found = 0;
  for (let i = 0; i < q.length - 1; i++) {
    const c = q.at(i);
    if (!isPureAck(c) || c.flowId !== trig.flowId || c.src !== trig.src || c.dst !== trig.dst) continue;
    // cake_tcph_may_drop: only timestamps at or below the new ones; no data; no higher cumulative ACK.
    if (c.tsEcrNs > trig.tsEcrNs || c.lenBytes !== 0 || c.ackSeq > trig.ackSeq) continue;
    const cmp = sackCompare(c, trig);
    if (cmp < 0 || (c.ackSeq === trig.ackSeq && cmp === 0)) continue;
    if (elig < 0) elig = i;
    if (found++ > 0) return removeAt(q, elig);
  }
  if (elig >= 0 && aggressive && elig === q.length - 2) return removeAt(q, elig);
  return null;
}

/** Unlinks position i, keeping the order of the rest. */
function removeAt(q: SkbRing, i: number): Skb {
  const rest: Skb[] = [];
  const n = q.length;
  for (let k = 0; k < n; k++) rest.push(q.shift()!);
  const [victim] = rest.splice(i, 1);
  for (const s of rest) q.push(s);
  return victim;
}
