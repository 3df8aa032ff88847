/**
 * The shareable state of a view as a compact, versioned, human-readable
 * query string, e.g.
 *
 *   ?v=1&preset=ath9k-pacing-shift&seed=1&speed=1&panels=occupancy,latency&zoom=500ms&tcp.sk_pacing_shift=8
 *
 * Parameters are written under their scenario path with the value as the CLI
 * reads it (`--set tcp.tcp_limit_output_bytes=128K`): the values the run
 * starts from. Version 2 adds the knob changes during the run, one `at`
 * entry each (`at=7.4s:tcp.sk_pacing_shift=8`, ./change-codec.ts), and an
 * A/B comparison's two sides (`a.<path>=…`, `b.<path>=…`); a link without
 * them is still written as version 1, and both versions are read. Decoding is pure and
 * never throws: anything it cannot use is dropped and named in a notice. A
 * link holds at most MAX_LINK_CHANGES (256) `at` entries: the first 256 are
 * read and the rest are named in one notice; past the first three, entries
 * that cannot be read are counted in one notice, so notices stay few
 * whatever the link's length.
 * Whether a parameter exists for the preset and whether its value is allowed
 * is decided against the core in ./resolve.ts, not here.
 */
import { escapeControls } from '../../sim/scenario/escape';
import { PANELS, type Panel, type ParamValue } from '../../worker/protocol';
import {
  formatLinkChange,
  MAX_LINK_CHANGES,
  parseLinkChange,
  sortChanges,
  type LinkChange,
} from './change-codec';

/** The newest link version this app writes and reads; links that need nothing of it are written as version 1. */
export const SHARE_VERSION = 2;
const READ_VERSIONS = ['1', '2'];

export { PANELS };
export const SPEED_IDS: readonly string[] = ['0.01', '0.1', '0.25', '1', '4', 'max'];

/** Spans the time axis accepts (10 µs … 1 h), as in charts/time-view.ts. */
const MIN_ZOOM_NS = 10_000;
const MAX_ZOOM_NS = 3_600e9;
/** Bounds that keep a hand-made or hostile link from costing anything. */
const MAX_ENTRIES = 64;
const MAX_VALUE_CHARS = 200;
const MAX_SHOWN_CHARS = 60;

export type EmbedTheme = 'light' | 'dark';

export interface ShareState {
  presetId?: string;
  seed?: number;
  speedId?: string;
  /** Visible panels; undefined: all. */
  panels?: Panel[];
  /** Span of the time window, ns. */
  zoomNs?: number;
  /** Scenario path → value as text (parsed by the core like the CLI's --set). */
  set: Record<string, string>;
  /** Embed only: the knobs to show (full paths or their last segment). */
  controls?: string[];
  /** Embed only: forced theme; undefined follows the host. */
  theme?: EmbedTheme;
  /** Knob changes during the run, in time order (version 2). */
  changes?: LinkChange[];
  /** An A/B comparison: what each side sets on top of `set` (version 2, with view=ab). */
  ab?: { a: Record<string, string>; b: Record<string, string> };
}

/** Something in a link that was not used, and why. */
export interface ShareNotice {
  field: string;
  value?: string;
  reason: string;
}

/** Query keys the page navigation reads (state/nav-store.ts); kept in the address bar, checked there. */
export const PASS_THROUGH_KEYS: readonly string[] = ['view', 'exp', 'lesson', 'step', 'present'];

/** The panels value of a view with every chart hidden. */
export const NO_PANELS = 'none';

const RESERVED = new Set(['v', 'preset', 'seed', 'speed', 'panels', 'zoom', 'controls', 'theme', 'at']);
/** An A/B side's parameter: `a.tcp.sk_pacing_shift`. */
const SIDE_RE = /^([ab])\.(.+)$/;
const PATH_RE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;
/** Names that would reach object prototypes rather than scenario fields. */
const FORBIDDEN_SEGMENT = /(^|\.)(__proto__|prototype|constructor)(\.|$)/;
export const isPath = (s: string): boolean =>
  s.length <= 120 && PATH_RE.test(s) && !FORBIDDEN_SEGMENT.test(s);
const SEED_MAX = 0xffffffff;

/** A value as a notice shows it: "" when empty, control characters escaped, cut short so that a hostile link stays readable. */
export const shown = (s: string) => {
  if (s === '') return '""';
  const t = escapeControls(s);
  return t.length > MAX_SHOWN_CHARS ? `${t.slice(0, MAX_SHOWN_CHARS)}…` : t;
};

/** Time spans as people write them: 500ms, 2s, 250us (µs accepted too), 1e6ns. */
export function parseDurationNs(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*(ns|us|µs|ms|s)\s*$/i.exec(text);
  if (!m) return null;
  const mult: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9 };
  const v = Number(m[1]) * mult[m[2].toLowerCase()];
  return Number.isFinite(v) ? v : null;
}

export function formatDuration(ns: number): string {
  const [div, unit] = ns >= 1e9 ? [1e9, 's'] : ns >= 1e6 ? [1e6, 'ms'] : ns >= 1e3 ? [1e3, 'us'] : [1, 'ns'];
  return `${Number((ns / div).toPrecision(6))}${unit}`;
}

/**
 * A parameter value as the core's `coerce` reads it back exactly: byte
 * counts with binary suffixes (128K), bit rates with decimal ones (100M).
 */
export function formatParamValue(path: string, v: ParamValue | null): string {
  if (v === null) return 'null';
  if (typeof v !== 'number') return String(v);
  if (!Number.isFinite(v) || !Number.isInteger(v) || v === 0) return String(v);
  const binary = /bytes/i.test(path);
  const rate = !binary && /Bps$/.test(path);
  if (!binary && !rate) return String(v);
  const base = binary ? 1024 : 1000;
  for (const [p, s] of [
    [3, 'G'],
    [2, 'M'],
    [1, binary ? 'K' : 'k'],
  ] as const) {
    const unit = base ** p;
    if (Math.abs(v) >= unit && v % unit === 0) return `${v / unit}${s}`;
  }
  return String(v);
}

function listOf(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A link of another version is read as this one: what this version does not
 * know is named in its own notice and left out, the rest is used.
 */
function linkVersionReason(value: string): string {
  return /^\d{1,6}$/.test(value) && Number(value) > SHARE_VERSION
    ? `is a newer link version than this TSQ Lab reads (${SHARE_VERSION}); read as version ${SHARE_VERSION}, anything it does not know is named and ignored`
    : `unknown link version; read as version ${SHARE_VERSION}`;
}

type Bad = (reason: string) => void;

/** `panels=`: the charts shown, "none" for every one hidden on purpose (what encodeShareState writes for it). */
function readPanels(state: ShareState, value: string, bad: Bad): void {
  if (value === NO_PANELS) {
    state.panels = [];
    return;
  }
  const items = listOf(value);
  const unknown = items.filter((p) => !PANELS.includes(p as Panel));
  const known = PANELS.filter((p) => items.includes(p));
  // An empty list (or nothing known) would hide every chart without a word: all are shown instead.
  const all = known.length ? '' : `; no panel is left, so every panel is shown ("${NO_PANELS}" hides all)`;
  if (unknown.length)
    bad(`unknown panel ${unknown.map(shown).join(', ')}; panels are ${PANELS.join(', ')}${all}`);
  else if (!known.length)
    bad(
      `names no panel, so every panel is shown (panels are ${PANELS.join(', ')}; "${NO_PANELS}" hides all)`,
    );
  if (known.length) state.panels = known;
}

/** The link's own keys (the rest are parameters); a Map, so `__proto__` is not one of them. */
const KEY_READERS = new Map<string, (state: ShareState, value: string, bad: Bad) => void>([
  [
    'v',
    (_, value, bad) => {
      if (!READ_VERSIONS.includes(value)) bad(linkVersionReason(value));
    },
  ],
  [
    'preset',
    (state, value, bad) => {
      if (/^[A-Za-z0-9_.-]{1,80}$/.test(value)) state.presetId = value;
      else bad('is not a preset name');
    },
  ],
  [
    'seed',
    (state, value, bad) => {
      const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (n <= SEED_MAX) state.seed = n;
      else bad(`expected an integer from 0 to ${SEED_MAX}`);
    },
  ],
  [
    'speed',
    (state, value, bad) => {
      if (SPEED_IDS.includes(value)) state.speedId = value;
      else bad(`expected one of ${SPEED_IDS.join(', ')}`);
    },
  ],
  ['panels', readPanels],
  [
    'zoom',
    (state, value, bad) => {
      const ns = parseDurationNs(value);
      if (ns !== null && ns >= MIN_ZOOM_NS && ns <= MAX_ZOOM_NS) state.zoomNs = ns;
      else bad('expected a time span from 10us to 3600s, e.g. 500ms');
    },
  ],
  [
    'controls',
    (state, value, bad) => {
      const items = listOf(value);
      const invalid = items.filter((c) => !isPath(c));
      if (invalid.length) bad(`${invalid.map(shown).join(', ')} is not a parameter name`);
      state.controls = items.filter(isPath);
    },
  ],
  [
    'theme',
    (state, value, bad) => {
      if (value === 'light' || value === 'dark') state.theme = value;
      else if (value !== 'auto' && value !== '') bad('expected light, dark or auto');
    },
  ],
]);

/** Reads a query string (with or without '?'); never throws. */
export function decodeShareState(search: string): { state: ShareState; notices: ShareNotice[] } {
  const state: ShareState = { set: {} };
  const notices: ShareNotice[] = [];
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { state, notices: [{ field: 'link', reason: 'could not be read' }] };
  }
  const seen = new Set<string>();
  let count = 0;
  const at = newAtReader();
  for (const [key, raw] of params) {
    if (PASS_THROUGH_KEYS.includes(key)) continue;
    if (key === 'at') {
      readChange(raw, at);
      continue;
    }
    if (++count > MAX_ENTRIES) {
      notices.push({ field: 'link', reason: `has more than ${MAX_ENTRIES} entries; the rest were ignored` });
      break;
    }
    const value = raw.trim();
    const bad = (reason: string) => notices.push({ field: shown(key), value: shown(value), reason });
    if (seen.has(key)) {
      bad('appears more than once; the first value was used');
      continue;
    }
    seen.add(key);
    if (value.length > MAX_VALUE_CHARS) {
      bad(`is longer than ${MAX_VALUE_CHARS} characters`);
      continue;
    }
    const read = KEY_READERS.get(key);
    if (read) read(state, value, bad);
    else readParam(state, key, value, bad);
  }
  notices.push(...atNotices(at));
  if (at.changes.length) state.changes = sortChanges(at.changes);
  return { state, notices };
}

/** A parameter entry: the run's own (`path=value`) or an A/B side's (`a.path=value`). */
function readParam(state: ShareState, key: string, value: string, bad: (reason: string) => void): void {
  const side = SIDE_RE.exec(key);
  const path = side ? side[2] : key;
  if (!isPath(path)) bad('is not a parameter name');
  else if (value === '') bad('has no value');
  else if (side) {
    state.ab ??= { a: {}, b: {} };
    state.ab[side[1] as 'a' | 'b'][path] = value;
  } else state.set[key] = value;
}

/**
 * The `at` entries of a link as they are read. A link holds at most
 * MAX_LINK_CHANGES of them: the first ones are read and the rest are counted,
 * not parsed. The first MAX_NAMED_BAD_CHANGES that cannot be read are named
 * one by one, the others in one notice, so that a hostile link of 50,000
 * entries costs a bounded list of notices.
 */
interface AtReader {
  changes: LinkChange[];
  /** Entries seen, read or not. */
  seen: number;
  /** Entries that could not be read, and the notices of the first ones. */
  bad: number;
  named: ShareNotice[];
}

const MAX_NAMED_BAD_CHANGES = 3;

const newAtReader = (): AtReader => ({ changes: [], seen: 0, bad: 0, named: [] });

function readChange(raw: string, r: AtReader): void {
  if (++r.seen > MAX_LINK_CHANGES) return;
  const value = raw.trim();
  const p = value.length > MAX_VALUE_CHARS ? null : parseLinkChange(value);
  if (p?.ok) {
    r.changes.push(p.change);
    return;
  }
  if (++r.bad <= MAX_NAMED_BAD_CHANGES)
    r.named.push({
      field: 'at',
      value: shown(value),
      reason: p ? p.reason : `is longer than ${MAX_VALUE_CHARS} characters`,
    });
}

/** The named entries, one notice for the other unreadable ones, one for entries past the cap. */
function atNotices(r: AtReader): ShareNotice[] {
  const out = [...r.named];
  const unnamed = r.bad - r.named.length;
  if (unnamed > 0)
    out.push({
      field: 'at',
      reason: `has ${unnamed} more ${unnamed === 1 ? 'entry' : 'entries'} that could not be read (${r.bad} in all); they were ignored`,
    });
  if (r.seen > MAX_LINK_CHANGES)
    out.push({
      field: 'at',
      reason: `has ${r.seen} changes, more than the ${MAX_LINK_CHANGES} a link holds; the first ${MAX_LINK_CHANGES} were read and the other ${r.seen - MAX_LINK_CHANGES} ignored`,
    });
  return out;
}

function enc(s: string): string {
  // Commas and colons are safe in a query and keep lists and `at` entries readable.
  return encodeURIComponent(s).replace(/%2C/g, ',').replace(/%3A/g, ':');
}

/** A value may hold '=' as it is (only the first one of an entry splits name from value). */
const encValue = (s: string) => enc(s).replace(/%3D/g, '=');

/** Writes the state in a fixed order (v, preset, seed, speed, panels, zoom, controls, theme, parameters, changes, A/B sides). */
export function encodeShareState(s: ShareState): string {
  const v2 = !!s.changes?.length || !!s.ab;
  const out: string[] = [`v=${v2 ? SHARE_VERSION : 1}`];
  const add = (k: string, v: string) => out.push(`${enc(k)}=${encValue(v)}`);
  if (s.presetId) add('preset', s.presetId);
  if (s.seed !== undefined) add('seed', String(s.seed));
  if (s.speedId) add('speed', s.speedId);
  if (s.panels) add('panels', s.panels.length ? s.panels.join(',') : NO_PANELS);
  if (s.zoomNs !== undefined) add('zoom', formatDuration(s.zoomNs));
  if (s.controls) add('controls', s.controls.join(','));
  if (s.theme) add('theme', s.theme);
  for (const [k, v] of Object.entries(s.set)) if (!RESERVED.has(k) && !SIDE_RE.test(k)) add(k, v);
  for (const c of s.changes ?? []) add('at', formatLinkChange(c));
  for (const side of ['a', 'b'] as const)
    for (const [k, v] of Object.entries(s.ab?.[side] ?? {})) add(`${side}.${k}`, v);
  return out.join('&');
}

/** Notices as one line of plain text each (rendered as text, never as HTML). */
export function noticeText(n: ShareNotice): string {
  if (n.value === undefined) return `${n.field} ${n.reason}`;
  // Core messages already start with "field = value ...".
  if (n.reason.startsWith(n.field)) return n.reason;
  if (/^(is|has|appears)\b/.test(n.reason)) return `${n.field} = ${n.value} ${n.reason}`;
  return `${n.field} = ${n.value}: ${n.reason}`;
}
