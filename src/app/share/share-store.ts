/** What a link or a scenario file contained that could not be used, or what a file loaded (Zustand). */
import { create } from 'zustand';
import type { ShareNotice } from './url-state';

/** warning: entries were dropped, the rest applied; error: nothing applied; info: all applied. */
export type NoticeKind = 'warning' | 'error' | 'info';

export interface ShareStore {
  /** Where the notices came from, e.g. "the link" or "scenario.json". */
  source: string;
  kind: NoticeKind;
  notices: ShareNotice[];
  show(source: string, kind: NoticeKind, notices: ShareNotice[]): void;
  dismiss(): void;
}

export const useShare = create<ShareStore>((set) => ({
  source: '',
  kind: 'info',
  notices: [],
  show: (source, kind, notices) => set({ source, kind, notices }),
  dismiss: () => set({ notices: [] }),
}));
