/**
 * An A/B comparison in the address bar: `?view=ab&preset=…&seed=…` with the
 * explorer's parameters both sides start from, then each side's own values
 * as `a.<path>=…` and `b.<path>=…` (src/app/share/url-state.ts). Written when
 * a comparison starts, read when the A/B view opens.
 */
import { formatParamValue, decodeShareState, encodeShareState } from '../share/url-state';
import { currentShareState } from '../share/app-share';
import { useExplorer } from '../state/explorer-store';
import type { ParamSpec } from '../../worker/protocol';
import { parseValue } from './ab-values';
import type { AbDiff, AbSetup } from './ab-store';

/** Puts the comparison in the address bar (no history entry); other views' keys stay. */
export function writeAbLink(setup: AbSetup): void {
  const a: Record<string, string> = {};
  const b: Record<string, string> = {};
  for (const d of setup.diffs) {
    a[d.key] = formatParamValue(d.key, d.a);
    b[d.key] = formatParamValue(d.key, d.b);
  }
  // Both sides start from the explorer's values in force (not its run's changes over time).
  const ex = useExplorer.getState();
  const d = ex.presetDefaults?.presetId === ex.presetId ? ex.presetDefaults.values : {};
  const set: Record<string, string> = {};
  for (const [k, v] of Object.entries(setup.base))
    if (d[k] !== v && ex.params.some((p) => p.key === k)) set[k] = formatParamValue(k, v);
  const q = encodeShareState({ ...currentShareState(), set, changes: undefined, ab: { a, b } });
  const url = new URL(location.href);
  url.search = `?${q}&view=ab`;
  if (url.toString() !== location.href) history.replaceState(history.state, '', url);
}

/** The sides a link gives, as A/B value texts per knob of this preset; what is no knob here is named. */
export function readAbLink(
  search: string,
  params: readonly ParamSpec[],
): { rows: { key: string; a: string; b: string }[]; unknown: string[] } {
  const ab = decodeShareState(search).state.ab;
  if (!ab) return { rows: [], unknown: [] };
  const keys = [...new Set([...Object.keys(ab.a), ...Object.keys(ab.b)])];
  const rows: { key: string; a: string; b: string }[] = [];
  const unknown: string[] = [];
  for (const key of keys) {
    const spec = params.find((p) => p.key === key);
    if (!spec) unknown.push(key);
    else rows.push({ key, a: ab.a[key] ?? '', b: ab.b[key] ?? '' });
  }
  return { rows, unknown };
}

/** The typed diffs of some rows, or null when a value is not one its knob takes. */
export function diffsOf(
  rows: readonly { key: string; a: string; b: string }[],
  params: readonly ParamSpec[],
): AbDiff[] | null {
  const out: AbDiff[] = [];
  for (const r of rows) {
    const spec = params.find((p) => p.key === r.key);
    if (!spec) return null;
    const a = parseValue(spec, r.a);
    const b = parseValue(spec, r.b);
    if (a === null || b === null) return null;
    out.push({ key: spec.key, label: spec.label, unit: spec.unit, a, b });
  }
  return out.length ? out : null;
}
