/** Links a hostile tester wrote (issue 24): each is used as far as it can be and named where it is not. */
import { describe, expect, it } from 'vitest';
import { decodeShareState, encodeShareState, NO_PANELS, noticeText, PANELS } from './url-state';
import { navNotices } from '../state/nav-store';
import { shareUrl } from './app-share';
import { MAX_LINK_CHANGES } from './change-codec';
import { readLearnLink } from '../learn/learn-url';

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

describe('at (knob changes during the run)', () => {
  const many = (n: number, entry: (i: number) => string) =>
    'v=2&' + Array.from({ length: n }, (_, i) => `at=${entry(i)}`).join('&');

  it('50,000 unreadable entries give a few named notices and one summary, not 50,000', () => {
    const { state, notices } = decodeShareState(many(50_000, (i) => `soon${i}:x=1`));
    expect(state.changes).toBeUndefined();
    expect(notices.map(noticeText)).toEqual([
      expect.stringMatching(/^at = soon0:x=1: /),
      expect.stringMatching(/^at = soon1:x=1: /),
      expect.stringMatching(/^at = soon2:x=1: /),
      'at has 253 more entries that could not be read (256 in all); they were ignored',
      `at has 50000 changes, more than the ${MAX_LINK_CHANGES} a link holds; the first ${MAX_LINK_CHANGES} were read and the other 49744 ignored`,
    ]);
  });

  it('50,000 readable entries: the first 256 are applied, the rest named in one notice', () => {
    const { state, notices } = decodeShareState(many(50_000, (i) => `${i + 1}ms:tcp.sk_pacing_shift=8`));
    expect(state.changes).toHaveLength(MAX_LINK_CHANGES);
    expect(state.changes!.at(-1)!.atUs).toBe(MAX_LINK_CHANGES * 1000);
    expect(notices).toHaveLength(1);
    expect(noticeText(notices[0])).toContain('the first 256 were read and the other 49744 ignored');
  });

  it('a mix: the bad entries among the first 256 are counted, good ones kept', () => {
    const { state, notices } = decodeShareState(
      many(10, (i) => (i % 2 ? `${i}s:tcp.sk_pacing_shift=8` : `bad${i}`)),
    );
    expect(state.changes).toHaveLength(5);
    expect(notices.map((n) => n.value ?? n.reason)).toEqual([
      'bad0',
      'bad2',
      'bad4',
      'has 2 more entries that could not be read (5 in all); they were ignored',
    ]);
  });
});

describe('learn links (view=learn)', () => {
  it('50,000 names that are no parameter give three named notices and one summary', () => {
    const q = '?view=learn&' + Array.from({ length: 50_000 }, (_, i) => `x-${i}=1`).join('&');
    expect(readLearnLink(q).notices.map(noticeText)).toEqual([
      'x-0 = 1 is not a parameter name',
      'x-1 = 1 is not a parameter name',
      'x-2 = 1 is not a parameter name',
      'link has more than 64 fields; the rest were ignored',
      'link has 61 more names that are not parameters; they were ignored',
    ]);
  });

  it('a lesson or step that does not exist is named; the first step of the first lesson opens', () => {
    for (const step of ['1e308', '-1', '1.5', '0'])
      expect(readLearnLink(`?view=learn&lesson=nope&step=${step}`).notices.map((n) => n.field)).toEqual([
        'lesson',
        'step',
      ]);
  });
});
