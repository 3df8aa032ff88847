/** Reading and writing scenario fields by dotted path ("tcp.sk_pacing_shift"). */
import type { ParamValue } from '../api';

type Obj = Record<string, unknown>;

export function getPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !(part in (cur as Obj))) return undefined;
    cur = (cur as Obj)[part];
  }
  return cur;
}

/** Sets a value at an existing path; returns false if the path does not exist. */
export function setPath(root: unknown, path: string, value: unknown): boolean {
  const parts = path.split('.');
  let cur: unknown = root;
  for (let i = 0; i < parts.length - 1; i++) {
    if (cur === null || typeof cur !== 'object' || !(parts[i] in (cur as Obj))) return false;
    cur = (cur as Obj)[parts[i]];
  }
  if (cur === null || typeof cur !== 'object' || !(parts[parts.length - 1] in (cur as Obj))) return false;
  (cur as Obj)[parts[parts.length - 1]] = value;
  return true;
}

/** Deep copy of plain JSON data. */
export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Parses a CLI/URL string into the type of the existing value at the path. */
export function coerce(existing: unknown, raw: string | ParamValue | null): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw === 'null') return null;
  if (typeof existing === 'number' || existing === null) {
    const m = /^(-?[\d.]+(?:e[+-]?\d+)?)\s*([kKmMgG]?)$/.exec(raw.trim());
    if (m) {
      const mult = { '': 1, k: 1e3, K: 1024, m: 1e6, M: 1 << 20, g: 1e9, G: 1 << 30 }[m[2]] ?? 1;
      return Number(m[1]) * mult;
    }
    if (existing === null) return raw;
    return NaN;
  }
  if (typeof existing === 'boolean') {
    if (raw === 'true' || raw === 'on' || raw === '1') return true;
    if (raw === 'false' || raw === 'off' || raw === '0') return false;
    return raw;
  }
  if (typeof existing === 'object') {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}
