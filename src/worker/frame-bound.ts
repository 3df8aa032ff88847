/**
 * Keeps every frame posted to the app within a fixed size, whatever the
 * speed: sampled series are reduced to a min/max envelope per bucket (so
 * peaks survive, as in uPlot/M4 decimation), point clouds are thinned by a
 * stride, throttled intervals are merged. Also lists the transferables.
 */
import type { Frame } from './protocol';

export interface FrameLimits {
  /** Sampled rows per frame (each bucket keeps two rows: first and last time). */
  maxSamples: number;
  /** Points per point cloud (aggregates, pings). */
  maxPoints: number;
  /** Throttled [start, end) pairs per frame. */
  maxIntervals: number;
}

export const DEFAULT_LIMITS: FrameLimits = { maxSamples: 4096, maxPoints: 8192, maxIntervals: 512 };

/** Returns `f` itself when it is within limits, otherwise a reduced copy. */
export function boundFrame(f: Frame, lim: FrameLimits = DEFAULT_LIMITS): Frame {
  const n = f.tNs.length;
  const sampled = n > lim.maxSamples ? envelope(f, lim.maxSamples) : null;
  const aggOver = f.aggT.length > lim.maxPoints;
  const pingOver = f.pingT.length > lim.maxPoints;
  const ivOver = f.throttled.length / 2 > lim.maxIntervals;
  if (!sampled && !aggOver && !pingOver && !ivOver) return f;
  const out: Frame = { ...f };
  if (sampled) {
    out.tNs = sampled.tNs;
    out.cols = sampled.cols;
  }
  if (aggOver) [out.aggT, out.aggN, out.aggNode] = thin([f.aggT, f.aggN, f.aggNode], lim.maxPoints);
  if (pingOver) [out.pingT, out.pingMs, out.pingSta] = thin([f.pingT, f.pingMs, f.pingSta], lim.maxPoints);
  if (ivOver) out.throttled = mergeIntervals(f.throttled, lim.maxIntervals);
  return out;
}

/** Two rows per bucket: at the bucket's first and last time, holding min and max in time order. */
function envelope(f: Frame, maxRows: number): { tNs: Float64Array; cols: Record<string, Float64Array> } {
  const n = f.tNs.length;
  const buckets = Math.max(1, Math.floor(maxRows / 2));
  const tNs = new Float64Array(buckets * 2);
  const keys = Object.keys(f.cols);
  const cols: Record<string, Float64Array> = {};
  for (const k of keys) cols[k] = new Float64Array(buckets * 2);
  for (let b = 0; b < buckets; b++) {
    const i0 = Math.floor((b * n) / buckets);
    const i1 = Math.max(i0 + 1, Math.floor(((b + 1) * n) / buckets));
    tNs[2 * b] = f.tNs[i0];
    tNs[2 * b + 1] = f.tNs[i1 - 1];
    for (const k of keys) {
      const src = f.cols[k];
      let lo = i0;
      let hi = i0;
      for (let i = i0 + 1; i < i1; i++) {
        const v = src[i];
        if (v < src[lo]) lo = i;
        if (v > src[hi]) hi = i;
      }
      const dst = cols[k];
      dst[2 * b] = src[Math.min(lo, hi)];
      dst[2 * b + 1] = src[Math.max(lo, hi)];
    }
  }
  return { tNs, cols };
}

/** Keeps every k-th point of parallel columns, k chosen to fit `max`. */
function thin(cols: Float64Array[], max: number): Float64Array[] {
  const n = cols[0].length;
  const stride = Math.ceil(n / max);
  const m = Math.ceil(n / stride);
  return cols.map((c) => {
    const out = new Float64Array(m);
    for (let j = 0; j < m; j++) out[j] = c[j * stride];
    return out;
  });
}

/** Merges consecutive groups of intervals into their span, so at most `max` remain. */
function mergeIntervals(iv: Float64Array, max: number): Float64Array {
  const n = iv.length / 2;
  const per = Math.ceil(n / max);
  const m = Math.ceil(n / per);
  const out = new Float64Array(m * 2);
  for (let j = 0; j < m; j++) {
    const a = j * per;
    const b = Math.min(n, a + per) - 1;
    out[2 * j] = iv[2 * a];
    out[2 * j + 1] = iv[2 * b + 1];
  }
  return out;
}

/**
 * Makes the frame's arrays views into one buffer of their own, so it crosses
 * to the app as a single transferable (the core's recorder already hands
 * frames over that way; only a frame reduced by boundFrame needs the copy).
 * Transferring a view into a larger buffer would detach memory the core may
 * still use, and many small buffers per frame leave the app's GC thousands
 * of backing stores to sweep (seen as pauses over 100 ms).
 */
export function packFrame(f: Frame): Frame {
  const keys = Object.keys(f.cols);
  const parts: Float64Array[] = [f.tNs, f.aggT, f.aggN, f.aggNode, f.pingT, f.pingMs, f.pingSta, f.throttled];
  for (const k of keys) parts.push(f.cols[k]);
  const buf = parts[0].buffer;
  let n = 0;
  for (const a of parts) n += a.length;
  if (parts.every((a) => a.buffer === buf) && buf.byteLength === n * 8) return f;
  const all = new Float64Array(n);
  let at = 0;
  const views = parts.map((a) => {
    all.set(a, at);
    at += a.length;
    return all.subarray(at - a.length, at);
  });
  const cols: Record<string, Float64Array> = {};
  keys.forEach((k, i) => (cols[k] = views[8 + i]));
  const [tNs, aggT, aggN, aggNode, pingT, pingMs, pingSta, throttled] = views;
  return { ...f, tNs, cols, aggT, aggN, aggNode, pingT, pingMs, pingSta, throttled };
}

/** Buffers of a frame for Comlink.transfer: each once, empty ones left out. */
export function frameTransferables(f: Frame): ArrayBuffer[] {
  const arrays: Float64Array[] = [
    f.tNs,
    f.aggT,
    f.aggN,
    f.aggNode,
    f.pingT,
    f.pingMs,
    f.pingSta,
    f.throttled,
  ];
  for (const k in f.cols) arrays.push(f.cols[k]);
  // The per-skb hops are views into one buffer of their own.
  if (f.hops) arrays.push(f.hops.id, f.hops.skbId);
  const bufs = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer.byteLength > 0) bufs.add(a.buffer as ArrayBuffer);
  return [...bufs];
}
