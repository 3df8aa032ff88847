/**
 * Older data files brought to version 4, as Flent's own reader does
 * (resultset.py unserialise_compat): version 1 kept raw values in
 * SERIES_META (or none, and they are then taken from the interpolated
 * results); before version 4 the raw values of netperf UDP_RR series are
 * transactions per second (now ms), HTTP latency is in seconds (now ms),
 * and airtime and qdisc drop counters are cumulative (now per interval).
 * Works on a copy of the parsed JSON.
 */
import { parseFlentDate } from './dates';
import type { FlentRawPoint } from './types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function rawFromVersion1(obj: Obj): void {
  const meta = obj.metadata as Obj;
  const sm = isObj(meta.SERIES_META) ? meta.SERIES_META : {};
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sm)) if (isObj(v) && Array.isArray(v.RAW_VALUES)) raw[k] = v.RAW_VALUES;
  if (Object.keys(raw).length === 0 && isObj(obj.results) && Array.isArray(obj.x_values)) {
    const t0 = meta.T0 ?? meta.TIME;
    const x0 = (typeof t0 === 'string' ? (parseFlentDate(t0, null) ?? 0) : 0) / 1000;
    const xs = obj.x_values as unknown[];
    for (const [name, vals] of Object.entries(obj.results))
      if (Array.isArray(vals))
        raw[name] = xs.map((x, i) => ({ t: x0 + Number(x), val: vals[i] as number | null }));
    meta.FAKE_RAW_VALUES = true;
  }
  obj.raw_values = raw;
}

const rrToMs = (v: unknown): number | null => (typeof v === 'number' && v !== 0 ? 1000 / v : null);

/** Cumulative counters → per-interval, per key (the first sample becomes 0). */
function toIntervals(points: Obj[], keys: readonly string[]): void {
  const last: Record<string, number> = {};
  for (const p of points)
    for (const k of keys) {
      const v = p[k];
      if (typeof v !== 'number') continue;
      p[k] = k in last ? v - last[k] : 0;
      last[k] = v;
    }
}

function convertRaw(name: string, values: Obj[]): void {
  if (name.includes('UDP')) {
    for (const v of values) if ('dur' in v) v.val = rrToMs(v.val);
  } else if (name === 'HTTP latency') {
    for (const v of values) if (typeof v.val === 'number') v.val = v.val * 1000;
  } else if (values.length && 'stations' in values[0]) {
    const last: Record<string, Obj> = {};
    for (const v of values) {
      if (!isObj(v.stations)) continue;
      for (const [s, d] of Object.entries(v.stations)) {
        if (!isObj(d)) continue;
        last[s] ??= {};
        for (const k of ['airtime_tx', 'airtime_rx']) {
          if (typeof d[k] !== 'number') continue;
          const prev = last[s][k];
          last[s][k] = d[k];
          d[k] = typeof prev === 'number' ? (d[k] as number) - prev : 0;
        }
      }
    }
  } else if (values.length && ('dropped' in values[0] || 'ecn_mark' in values[0])) {
    toIntervals(values, ['dropped', 'ecn_mark']);
  }
}

/** Brings a parsed file of `version` < 4 to version 4 in place (a copy of what was read). */
export function upgradeToV4(obj: Obj, version: number): void {
  let fakeRaw = false;
  if (version === 1) {
    rawFromVersion1(obj);
    const meta = obj.metadata as Obj;
    fakeRaw = meta.FAKE_RAW_VALUES === true;
    if ('NETPERF_WRAPPER_VERSION' in meta) {
      meta.FLENT_VERSION = meta.NETPERF_WRAPPER_VERSION;
      delete meta.NETPERF_WRAPPER_VERSION;
    }
  }
  if (version >= 4 || fakeRaw || !isObj(obj.raw_values)) return;
  for (const [name, values] of Object.entries(obj.raw_values))
    if (Array.isArray(values)) convertRaw(name, values.filter(isObj) as FlentRawPoint[]);
  const sm = (obj.metadata as Obj).SERIES_META;
  if (isObj(sm))
    for (const v of Object.values(sm))
      if (isObj(v) && typeof v.MEAN_VALUE === 'number' && v.UNITS === 'bits/s') {
        v.MEAN_VALUE = v.MEAN_VALUE / 1e6;
        v.UNITS = 'Mbits/s';
      }
}
