/** Reading and writing scenario fields by dotted path ("tcp.sk_pacing_shift"). */
import type { ParamValue } from '../api';

type Obj = Record<string, unknown>;

/** Names that reach an object's prototype: never a field, even where a parsed file holds one as its own. */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** A list item's index as a path writes it: 0, 1, 12 (not 01, 1.0, -1 or 1e0). */
const INDEX = /^(0|[1-9]\d{0,8})$/;

/**
 * Own fields only: "__proto__", "constructor" and the like are not scenario
 * fields; in a list only the items are (by index), not its `length`, which
 * would otherwise be set and drop items.
 */
function has(cur: unknown, part: string): cur is Obj {
  if (cur === null || typeof cur !== 'object' || UNSAFE.has(part)) return false;
  if (Array.isArray(cur)) return INDEX.test(part) && Number(part) < cur.length;
  return Object.hasOwn(cur, part);
}

export function getPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const part of path.split('.')) {
    if (!has(cur, part)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/** Sets a value at an existing path; returns false if the path does not exist. */
export function setPath(root: unknown, path: string, value: unknown): boolean {
  const parts = path.split('.');
  let cur: unknown = root;
  for (let i = 0; i < parts.length - 1; i++) {
    if (!has(cur, parts[i])) return false;
    cur = cur[parts[i]];
  }
  if (!has(cur, parts[parts.length - 1])) return false;
  cur[parts[parts.length - 1]] = value;
  return true;
}

/** Deep copy of plain JSON data. */
export function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Parses a CLI/URL string into the type of the existing value at the path. */
/**
 * Suffixes: k/M/G are powers of 1000 (100M = 1e8 bit/s), Ki/Mi/Gi powers of
 * 1024; for fields counted in bytes K/M/G are binary too (128K = 131072).
 */
export function coerce(existing: unknown, raw: string | ParamValue | null, path = ''): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw === 'null') return null;
  if (typeof existing === 'number' || existing === null) {
    const m = /^(-?[\d.]+(?:e[+-]?\d+)?)\s*([kKmMgG]i?)?$/.exec(raw.trim());
    if (m) {
      const suffix = m[2] ?? '';
      const binary = suffix.endsWith('i') || /bytes/i.test(path);
      const p = { '': 0, k: 1, K: 1, m: 2, M: 2, g: 3, G: 3 }[suffix[0] ?? ''] ?? 0;
      return Number(m[1]) * (binary ? 1024 : 1000) ** p;
    }
    if (existing === null) {
      // A nullable switch (kernel.tcp_autocorking) is set from text as a boolean.
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return raw;
    }
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
