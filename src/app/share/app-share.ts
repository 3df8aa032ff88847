/**
 * The explorer's state as a link: read from the stores, written to the
 * address bar as it changes (so a reload or a bookmark keeps it), and
 * applied from the address bar when the page opens.
 */
import { useEffect } from 'react';
import { useExplorer } from '../state/explorer-store';
import { useUi } from '../state/ui-store';
import { navNotices, validNavValue } from '../state/nav-store';
import { REFERENCE_PRESETS } from '../experiments/table-model';
import { CROSS_CHECKS } from '../../sim/scenario/cross-checks';
import { viewStore } from '../state/view-store';
import { DEFAULT_VIEW } from '../charts/time-view';
import type { ParamValue, PresetInfo } from '../../worker/protocol';
import { resolveShared, type Loader } from './resolve';
import { useShare } from './share-store';
import {
  decodeShareState,
  encodeShareState,
  formatParamValue,
  PANELS,
  PASS_THROUGH_KEYS,
  type ShareState,
} from './url-state';

/** Overrides that differ from the preset, formatted for a link. */
export function changedParams(): Record<string, string> {
  const ex = useExplorer.getState();
  const d = ex.presetDefaults?.presetId === ex.presetId ? ex.presetDefaults.values : {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ex.overrides))
    if (d[k] === undefined || d[k] !== v) out[k] = formatParamValue(k, v);
  return out;
}

export function currentShareState(): ShareState {
  const ex = useExplorer.getState();
  const ui = useUi.getState();
  const view = viewStore.getState().view;
  const hidden = ui.hiddenPanels;
  return {
    presetId: ex.presetId,
    seed: ex.seed,
    speedId: ui.speedId,
    panels: hidden.length ? PANELS.filter((p) => !hidden.includes(p)) : undefined,
    zoomNs: view.spanNs !== DEFAULT_VIEW.spanNs ? Math.round(view.spanNs) : undefined,
    set: changedParams(),
  };
}

/**
 * `base` with the state as its query (other query keys dropped unless
 * `keepOthers`: then the page keys ?view= and ?exp= stay, the first of each
 * and only with a value the page can use).
 */
export function shareUrl(state: ShareState, base: string, keepOthers = false): string {
  const u = new URL(base);
  const others = keepOthers
    ? PASS_THROUGH_KEYS.flatMap((k) => {
        const v = u.searchParams.get(k);
        return v !== null && validNavValue(k, v) ? [[k, v] as const] : [];
      })
    : [];
  const extra = others.map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('');
  u.search = `?${encodeShareState(state)}${extra}`;
  u.hash = keepOthers ? u.hash : '';
  return u.toString();
}

/** Applies the link in `search` to the stores; returns what to load (null: nothing loadable). */
export async function bootFromUrl(
  presets: readonly PresetInfo[],
  load: Loader,
  search: string = location.search,
  experimentIds: readonly string[] = [
    ...REFERENCE_PRESETS.map((p) => p.id),
    ...CROSS_CHECKS.map((c) => c.id),
  ],
): Promise<{ presetId: string; overrides: Record<string, ParamValue> } | null> {
  const { state, notices } = decodeShareState(search);
  const isLink = new URLSearchParams(search).has('v');
  const ex = useExplorer.getState();
  if (state.seed !== undefined) ex.patch({ seed: state.seed });
  if (state.speedId) useUi.getState().setSpeedId(state.speedId);
  // A link says which panels are visible; without one the user's own choice stays.
  if (state.panels || isLink) {
    const shown = state.panels ?? PANELS;
    useUi.setState({ hiddenPanels: PANELS.filter((p) => !shown.includes(p)) });
  }
  if (state.zoomNs !== undefined) {
    const v = viewStore.getState();
    v.setView({ ...v.view, follow: true, spanNs: state.zoomNs });
  }
  const r = await resolveShared(load, presets, {
    presetId: state.presetId,
    set: state.set,
    seed: useExplorer.getState().seed,
  });
  const all = [...navNotices(search, experimentIds), ...notices, ...r.notices];
  if (all.length) useShare.getState().show('the link', 'warning', all);
  if (r.presetId === null) return null;
  ex.patch({ presetDefaults: { presetId: r.presetId, values: r.presetValues } });
  return { presetId: r.presetId, overrides: r.overrides };
}

const SYNC_MS = 250;

/** Keeps the address bar in step with the explorer (replaceState, no history entries). */
export function useUrlSync(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      if (!useExplorer.getState().ready) return;
      const next = shareUrl(currentShareState(), location.href, true);
      if (next !== location.href) history.replaceState(history.state, '', next);
    };
    const later = () => {
      if (!timer) timer = setTimeout(write, SYNC_MS);
    };
    const offs = [
      useExplorer.subscribe((s, p) => {
        if (
          s.ready !== p.ready ||
          s.presetId !== p.presetId ||
          s.overrides !== p.overrides ||
          s.seed !== p.seed
        )
          later();
      }),
      useUi.subscribe((s, p) => {
        if (s.speedId !== p.speedId || s.hiddenPanels !== p.hiddenPanels) later();
      }),
      viewStore.subscribe((s, p) => {
        if (s.view.spanNs !== p.view.spanNs) later();
      }),
    ];
    later();
    return () => {
      offs.forEach((f) => f());
      if (timer) clearTimeout(timer);
    };
  }, []);
}
