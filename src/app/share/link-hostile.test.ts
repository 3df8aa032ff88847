/** Links a hostile tester wrote (issue 24): each is used as far as it can be and named where it is not. */
import { describe, expect, it } from 'vitest';
import { decodeShareState, encodeShareState, NO_PANELS, noticeText, PANELS } from './url-state';
import { navNotices } from '../state/nav-store';
import { shareUrl } from './app-share';

describe('panels', () => {
  it('an empty panels= hides nothing without a word: every panel shows, and a notice says why', () => {
    const { state, notices } = decodeShareState('v=1&panels=');
    expect(state.panels).toBeUndefined();
    expect(notices.map(noticeText)).toEqual([
      expect.stringMatching(/^panels = "": names no panel, so every panel is shown/),
    ]);
  });

  it('only unknown panels: one notice, every panel shown', () => {
    const { state, notices } = decodeShareState('v=1&panels=bogus');
    expect(state.panels).toBeUndefined();
    expect(notices).toHaveLength(1);
    expect(noticeText(notices[0])).toContain('no panel is left, so every panel is shown');
  });

  it('every chart hidden on purpose is written as "none" and read back as such', () => {
    const q = encodeShareState({ set: {}, panels: [] });
    expect(q).toContain(`panels=${NO_PANELS}`);
    expect(decodeShareState(q)).toEqual({ state: { set: {}, panels: [] }, notices: [] });
    expect(decodeShareState(encodeShareState({ set: {}, panels: [...PANELS] })).state.panels).toEqual(PANELS);
  });
});

describe('page keys (view, exp)', () => {
  it('a second view= is named, not ignored silently', () => {
    const n = navNotices('?view=sweep&view=ab', ['xen-tsq-limit']);
    expect(n.map(noticeText)).toEqual(['view = ab appears 2 times; the first value was used']);
  });

  it('an invalid 100 KB view= does not stay in the address bar; a valid one does', () => {
    const huge = 'x'.repeat(100_000);
    const url = shareUrl(
      { set: {}, presetId: 'bench-wired' },
      `https://lab.example/?view=${huge}&exp=${huge}`,
      true,
    );
    expect(url.length).toBeLessThan(200);
    expect(url).not.toContain('view=');
    const ok = shareUrl({ set: {} }, 'https://lab.example/?view=experiments&exp=xen-tsq-limit&view=ab', true);
    expect(new URL(ok).searchParams.getAll('view')).toEqual(['experiments']);
    expect(new URL(ok).searchParams.get('exp')).toBe('xen-tsq-limit');
  });
});
