/**
 * The shared time axis (a vanilla Zustand store): the window all timelines
 * show and the hovered time. Charts subscribe transiently; no React renders.
 */
import { createStore } from 'zustand/vanilla';
import { DEFAULT_VIEW, type TimeView } from '../charts/time-view';

export interface ViewState {
  view: TimeView;
  /** Simulated time under the pointer, or null. */
  hoverNs: number | null;
  setView(v: TimeView): void;
  setHover(t: number | null): void;
}

export const viewStore = createStore<ViewState>((set) => ({
  view: DEFAULT_VIEW,
  hoverNs: null,
  setView: (view) => set({ view }),
  setHover: (hoverNs) => set({ hoverNs }),
}));
