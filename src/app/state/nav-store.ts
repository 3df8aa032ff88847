/**
 * Which page is shown (explorer, experiments, sweep, A/B) and which
 * experiment is open, kept in the URL (?view=…&exp=…) so a page can be linked.
 */
import { create } from 'zustand';
import { shown, type ShareNotice } from '../share/url-state';

export type AppView = 'explorer' | 'learn' | 'experiments' | 'sweep' | 'ab' | 'compare';

export const VIEWS: { id: AppView; label: string }[] = [
  { id: 'explorer', label: 'Explorer' },
  { id: 'learn', label: 'Learn' },
  { id: 'experiments', label: 'Experiments' },
  { id: 'sweep', label: 'Sweep' },
  { id: 'ab', label: 'A/B' },
  { id: 'compare', label: 'Compare' },
];

export interface NavState {
  view: AppView;
  /** Preset id of the open experiment, or null for the list. */
  experimentId: string | null;
  go(view: AppView, experimentId?: string | null): void;
}

/**
 * What a link's ?view= and ?exp= name that does not exist (pure, for the
 * link notices): the page falls back to the explorer, the list's first
 * experiment, and says so.
 */
export function navNotices(search: string, experimentIds: readonly string[]): ShareNotice[] {
  const q = new URLSearchParams(search);
  const out: ShareNotice[] = [];
  for (const key of ['view', 'exp'])
    if (q.getAll(key).length > 1)
      out.push({
        field: key,
        value: shown(q.getAll(key).slice(1).join(', ')),
        reason: `appears ${q.getAll(key).length} times; the first value was used`,
      });
  const v = q.get('view');
  if (v !== null && !VIEWS.some((x) => x.id === v))
    out.push({
      field: 'view',
      value: shown(v),
      reason: `is not a page; the pages are ${VIEWS.map((x) => x.id).join(', ')}`,
    });
  const e = q.get('exp');
  if (e !== null && !experimentIds.includes(e))
    out.push({
      field: 'exp',
      value: shown(e),
      reason: `is not an experiment or cross-check; they are ${experimentIds.join(', ')}`,
    });
  return out;
}

/**
 * Whether a ?view= or ?exp= value is one the page can use, and so may stay in
 * the address bar (anything else is dropped from it, with a notice, so that a
 * hostile 100 KB value does not stay and fail the next reload with HTTP 431).
 */
export function validNavValue(key: string, value: string, experimentIds?: readonly string[]): boolean {
  if (key === 'view') return VIEWS.some((x) => x.id === value);
  if (key === 'exp')
    return experimentIds ? experimentIds.includes(value) : /^[A-Za-z0-9_.-]{1,80}$/.test(value);
  return false;
}

function fromUrl(): { view: AppView; experimentId: string | null } {
  const q = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  const v = q.get('view');
  return { view: VIEWS.find((x) => x.id === v)?.id ?? 'explorer', experimentId: q.get('exp') };
}

function toUrl(view: AppView, experimentId: string | null): void {
  const url = new URL(location.href);
  if (view === 'explorer') url.searchParams.delete('view');
  else url.searchParams.set('view', view);
  if (view === 'experiments' && experimentId) url.searchParams.set('exp', experimentId);
  else url.searchParams.delete('exp');
  // A lesson's step and the fields its link set belong to the Learn view.
  if (view !== 'learn') for (const k of ['lesson', 'step', 'present']) url.searchParams.delete(k);
  history.replaceState(null, '', url);
}

export const useNav = create<NavState>((set, get) => ({
  ...fromUrl(),
  go: (view, experimentId) => {
    const exp = experimentId === undefined ? get().experimentId : experimentId;
    toUrl(view, exp);
    set({ view, experimentId: exp });
  },
}));
