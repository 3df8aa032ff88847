/**
 * GRO's merge of the packets a NAPI poll received (net/core/gro.c,
 * napi_gro_receive → tcp_gro_receive): contiguous segments of one flow join
 * one skb up to its size limit, the timestamps of the newest kept.
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { isPiece } from '../skb-train';

/** One merged skb: [start, end) of sequence space, its segments, the newest TSval and the TSecr it echoes. */
export class GroRun {
  start = 0;
  end = 0;
  segs = 0;
  tsvalNs: Ns = 0;
  tsecrNs: Ns = 0;
}

// Sequence numbers and timestamps outgrow small integers early in a run (see double-fields.ts).
preferDoubleFields(new GroRun(), ['start', 'end', 'tsvalNs', 'tsecrNs']);

/**
 * Merges `list[i]` and the skbs after it (before `n`) that continue it, while
 * the merged skb stays within `maxBytes`, into `run`; returns the index of the
 * first skb not taken whole. A router's piece (../skb-train.ts) is packets
 * GRO takes one by one: when it does not fit whole, its first segments fill
 * the merged skb up and leave the piece, which starts the next one.
 */
export function mergeGroRun(list: Skb[], i: number, n: number, maxBytes: number, run: GroRun): number {
  const first = list[i];
  run.start = first.seq;
  run.end = first.seq + first.lenBytes;
  run.segs = first.segs;
  run.tsvalNs = first.xmitNs;
  run.tsecrNs = first.tsEcrNs; // GRO merges only segments with the same TS option
  i++;
  while (i < n && list[i].seq === run.end) {
    const next = list[i];
    const whole = run.end - run.start + next.lenBytes <= maxBytes;
    const fit =
      whole || !isPiece(next) ? 0 : Math.floor((maxBytes - (run.end - run.start)) / next.gsoSizeBytes);
    if (!whole && fit === 0) break;
    run.tsvalNs = Math.max(run.tsvalNs, next.xmitNs);
    if (!(next.tsEcrNs <= run.tsecrNs)) run.tsecrNs = next.tsEcrNs;
    if (!whole) {
      const bytes = fit * next.gsoSizeBytes;
      run.end += bytes;
      run.segs += fit;
      next.seq += bytes;
      next.lenBytes -= bytes;
      next.segs -= fit;
      break;
    }
    run.end += next.lenBytes;
    run.segs += next.segs;
    i++;
  }
  return i;
}
