/**
 * The packet path's TSQ line, read at one sample of the run: sk_wmem_alloc
 * against the limit at that instant (the prose gives averages and the values
 * at its marks, so the line says when it was taken), and what sk_wmem_alloc
 * counts that the layers do not show: each skb's whole truesize, not its
 * payload, and skbs that left the layers but wait for their TX status
 * (tcp_wfree runs only then). Computed from the run's own series.
 */
import type { SeriesSpec } from '../../worker/protocol';
import { formatNs, formatValue } from '../format';

/** Layers that are not below the socket's sk_wmem_alloc: its unsent backlog is not sent yet. */
const NOT_IN_WMEM = /^occ\.sock/;

export interface WmemReading {
  /** Sample time. */
  tNs: number;
  wmemBytes: number;
  limitBytes: number;
  /** Bytes the layers below the socket hold at that sample. */
  layersBytes: number;
}

/** The layers whose bytes sk_wmem_alloc covers: the occupancy stack below the socket. */
export function wmemLayers(series: readonly SeriesSpec[]): string[] {
  return series
    .filter((s) => s.panel === 'occupancy' && s.stackOrder !== undefined && !NOT_IN_WMEM.test(s.key))
    .map((s) => s.key);
}

/** "At 3.00 s: sk_wmem_alloc 183K of a limit of 181K." */
export function budgetLine(r: WmemReading): string {
  return `At ${formatNs(r.tNs)}: sk_wmem_alloc ${formatValue(r.wmemBytes, 'B')} of a TSQ limit of ${formatValue(r.limitBytes, 'B')} (this instant; the limit moves with the pacing rate, and the text gives averages and the values at its marks).`;
}

/**
 * Why sk_wmem_alloc is above the layers' sum, with both numbers, or null
 * when the gap is small (under a tenth of it) or the sender's TSQ is not
 * this scene's (`forwarded`).
 */
export function gapNote(
  r: WmemReading,
  payloadPerTruesize: number | null,
  forwarded: boolean,
): string | null {
  const gap = r.wmemBytes - r.layersBytes;
  if (forwarded || !(r.wmemBytes > 0) || !(gap > 0.1 * r.wmemBytes)) return null;
  const share =
    payloadPerTruesize !== null && Number.isFinite(payloadPerTruesize) && payloadPerTruesize > 0
      ? ` (payload is ${formatValue(payloadPerTruesize, 'fraction')} of truesize in this run)`
      : '';
  return `sk_wmem_alloc counts truesize: of its ${formatValue(r.wmemBytes, 'B')}, the layers above hold ${formatValue(r.layersBytes, 'B')} of packets; the other ${formatValue(gap, 'B')} is each skb's buffer beyond its payload${share}, and skbs that have left the layers but wait for their TX status before tcp_wfree frees them.`;
}
