/** A Frame for tests: samples at times `t` with the given columns, empty point and interval lists unless `extra` sets them. */
import type { Frame } from './protocol';

export function testFrame(
  t: ArrayLike<number>,
  cols: Record<string, ArrayLike<number>> = {},
  extra: Partial<Frame> = {},
): Frame {
  const e = () => new Float64Array(0);
  const c: Record<string, Float64Array> = {};
  for (const k in cols) c[k] = Float64Array.from(cols[k]);
  return {
    nowNs: t.length ? t[t.length - 1] : 0,
    tNs: Float64Array.from(t),
    cols: c,
    aggT: e(),
    aggN: e(),
    aggNode: e(),
    pingT: e(),
    pingMs: e(),
    pingSta: e(),
    throttled: e(),
    changes: [],
    ...extra,
  };
}
