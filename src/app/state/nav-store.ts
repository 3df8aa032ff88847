/**
 * Which page is shown (explorer, experiments, sweep, A/B) and which
 * experiment is open, kept in the URL (?view=…&exp=…) so a page can be linked.
 */
import { create } from 'zustand';

export type AppView = 'explorer' | 'experiments' | 'sweep' | 'ab';

export const VIEWS: { id: AppView; label: string }[] = [
  { id: 'explorer', label: 'Explorer' },
  { id: 'experiments', label: 'Experiments' },
  { id: 'sweep', label: 'Sweep' },
  { id: 'ab', label: 'A/B' },
];

export interface NavState {
  view: AppView;
  /** Preset id of the open experiment, or null for the list. */
  experimentId: string | null;
  go(view: AppView, experimentId?: string | null): void;
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
