/**
 * The A-MPDU an aggregating MAC (./agg-engine.ts) builds from one
 * (receiver, TID) queue when it wins the medium: the MPDUs to send again
 * first, oldest first, then new ones, each an A-MSDU of up to
 * maxAmsduSubframes packets within maxAmsduBytes; the A-MPDU holds MPDUs
 * while there are at most maxSubframes of them, all inside the BlockAck
 * window from its oldest unacknowledged sequence number, the PSDU within
 * maxAmpduBytes (65 535 for HT) and the PPDU within maxPpduNs
 * (../phy/vht-he.ts).
 */
import type { Ns } from '../../../engine/time';
import type { Skb } from '../../skb';
import { ppduDurationNs } from '../phy/phy';
import { amsduMpduBytesWith, amsduSubframeBytes, vhtHeTxTimeNs, vhtSubframeBytes } from '../phy/vht-he';
import type { PhyRate } from '../types';
import type { AggEngineOptions } from './agg-engine';

/** HT A-MPDUs are at most 65 535 bytes (the HT maximum A-MPDU length). */
const HT_MAX_AMPDU_BYTES = 65_535;

/** The limits an A-MPDU is built within (see AggEngineOptions). */
export type AmpduLimits = Pick<
  AggEngineOptions,
  'baWindow' | 'maxAmpduBytes' | 'maxPpduNs' | 'nominalPaddingUs' | 'maxAmsduSubframes' | 'maxAmsduBytes'
>;

/** The PPDU's airtime: HT mixed format as ../phy/phy.ts has it, VHT and HE from their TXTIME. */
export function ppduNs(psdu: number, rate: PhyRate, nominalPaddingUs: 0 | 8 | 16): Ns {
  if (rate.mode === 'ht') return ppduDurationNs(psdu, rate);
  return vhtHeTxTimeNs(psdu, rate, { nominalPaddingUs });
}

/** Bytes of the IP packet an skb at the driver carries (its Ethernet headers replaced by 802.11 ones). */
export const ipBytesOf = (skb: Skb): number => skb.l2Bytes - skb.segs * 14;

export class Mpdu {
  skbs: Skb[] = [];
  bytes = 0;
  seq = 0;
  tries = 0;
}

/** One (receiver, TID) queue: packets not in an MPDU yet, and MPDUs to send again. */
export class TidQueue {
  readonly fresh: Skb[] = [];
  freshHead = 0;
  readonly retry: Mpdu[] = [];
  nextSeq = 0;
  /** Oldest sequence number not acknowledged or given up. */
  bawStart = 0;
  readonly resolved = new Set<number>();
  active = false;
  constructor(
    readonly dst: number,
    readonly tid: number,
  ) {}
  get freshCount(): number {
    return this.fresh.length - this.freshHead;
  }
  hasData(): boolean {
    return this.freshCount > 0 || this.retry.length > 0;
  }
}

/** The A-MPDU for `q`: retries first, then new MPDUs, within every limit. */
export function buildAmpdu(
  q: TidQueue,
  rate: PhyRate,
  maxSubframes: number,
  o: AmpduLimits,
): { mpdus: Mpdu[]; psdu: number } {
  const maxBytes = rate.mode === 'ht' ? Math.min(o.maxAmpduBytes, HT_MAX_AMPDU_BYTES) : o.maxAmpduBytes;
  const mpdus: Mpdu[] = [];
  let nonLast = 0;
  let psdu = 0;
  const fits = (m: Mpdu): boolean => {
    if (mpdus.length >= maxSubframes) return false;
    if (m.seq - q.bawStart >= o.baWindow) return false;
    const withIt = nonLast + vhtSubframeBytes(m.bytes, true);
    if (mpdus.length === 0) return true; // one MPDU always goes
    if (withIt > maxBytes) return false;
    return ppduNs(withIt, rate, o.nominalPaddingUs) <= o.maxPpduNs;
  };
  const take = (m: Mpdu): void => {
    psdu = nonLast + vhtSubframeBytes(m.bytes, true);
    nonLast += vhtSubframeBytes(m.bytes, false);
    mpdus.push(m);
  };
  while (q.retry.length > 0 && fits(q.retry[0])) take(q.retry.shift()!);
  for (;;) {
    if (q.freshCount === 0 || q.nextSeq - q.bawStart >= o.baWindow) break;
    const m = peekFresh(q, o);
    if (!fits(m)) break;
    commitFresh(q, m);
    take(m);
  }
  return { mpdus, psdu };
}

/** The next MPDU the queue's new packets would make (an A-MSDU of those that fit), not yet taken. */
function peekFresh(q: TidQueue, o: AmpduLimits): Mpdu {
  const m = new Mpdu();
  let padded = 0;
  for (let i = q.freshHead; i < q.fresh.length && m.skbs.length < o.maxAmsduSubframes; i++) {
    const skb = q.fresh[i];
    const ip = ipBytesOf(skb);
    const len = amsduMpduBytesWith(padded, m.skbs.length + 1, ip);
    if (m.skbs.length > 0 && len > o.maxAmsduBytes) break;
    m.skbs.push(skb);
    m.bytes = len;
    padded += amsduSubframeBytes(ip, false);
  }
  m.seq = q.nextSeq;
  return m;
}

function commitFresh(q: TidQueue, m: Mpdu): void {
  q.freshHead += m.skbs.length;
  q.nextSeq++;
  if (q.freshHead > 1024 && q.freshHead * 2 > q.fresh.length) {
    q.fresh.splice(0, q.freshHead);
    q.freshHead = 0;
  }
}
