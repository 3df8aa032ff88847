/**
 * What the ath9k driver model holds, counted for the occupancy probes: read
 * once per sample, not kept per packet. Bytes are 802.11 frame bytes
 * (skb->len once mac80211 has converted the frame), as the TXQs above count.
 */
import type { SkbRing } from '../../qdisc/skb-ring';
import type { AthAggregate } from './ath9k-aggr';
import type { HwQueue } from './ath9k-hwq';
import type { AthTid } from './ath9k-tid';
import { wlanFrameBytes } from '../mac80211/mac80211-fq';
import type { Txq } from '../mac80211/mac80211-txq';

/** 802.11 frame bytes of an aggregate's (or single frame's) MPDUs. */
export function aggFrameBytes(agg: AthAggregate): number {
  let n = 0;
  for (let i = 0; i < agg.n; i++) n += wlanFrameBytes(agg.skbs[i]!);
  return n;
}

/** Frames in `r`, or their bytes. */
function ringSize(r: SkbRing | null, bytes: boolean): number {
  if (r === null) return 0;
  if (!bytes) return r.length;
  let n = 0;
  for (let i = 0; i < r.length; i++) n += wlanFrameBytes(r.at(i));
  return n;
}

/**
 * Frames (or bytes) the driver holds for `dst`: its TIDs' retry_q and, on the
 * legacy path, buf_q (an iTXQ TID's new frames wait in mac80211; its driver
 * part hangs off the txq), and its hardware-queue entries except the one on
 * the air.
 */
export function heldFor(
  legacyTids: readonly (AthTid | null)[],
  txqs: readonly (Txq | null)[],
  hwq: readonly HwQueue[],
  air: AthAggregate | null,
  dst: number,
  bytes: boolean,
): number {
  let n = 0;
  for (const t of legacyTids) if (t !== null) n += ringSize(t.retryQ, bytes) + ringSize(t.bufQ, bytes);
  for (const q of txqs) {
    const t = (q?.drv ?? null) as AthTid | null;
    if (t !== null) n += ringSize(t.retryQ, bytes);
  }
  for (const q of hwq)
    for (let a = q.head; a !== null; a = a.next) {
      if (a.dst !== dst || a === air) continue;
      n += bytes ? aggFrameBytes(a) : a.n;
    }
  return n;
}
