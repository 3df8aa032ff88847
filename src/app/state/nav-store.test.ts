import { describe, expect, it } from 'vitest';
import { shown } from '../share/url-state';
import { navNotices } from './nav-store';

const EXPS = ['ath9k-pacing-shift', 'xen-tsq-limit'];

describe('navNotices', () => {
  it('says nothing about a link without navigation, or with pages and experiments that exist', () => {
    expect(navNotices('?v=1&preset=bench-wired', EXPS)).toEqual([]);
    expect(navNotices('?view=experiments&exp=xen-tsq-limit', EXPS)).toEqual([]);
    expect(navNotices('?view=ab', EXPS)).toEqual([]);
  });

  it('names an unknown page and lists the pages', () => {
    const [n, ...rest] = navNotices('?view=nothing', EXPS);
    expect(rest).toEqual([]);
    expect(n.field).toBe('view');
    expect(n.value).toBe('nothing');
    expect(n.reason).toContain('explorer, learn, experiments, sweep, ab, compare');
  });

  it('names an unknown experiment and lists the experiments, with the value cut short', () => {
    const long = 'x'.repeat(500);
    const [n] = navNotices(`?view=experiments&exp=${long}`, EXPS);
    expect(n.field).toBe('exp');
    expect(n.value).toBe(shown(long));
    expect(n.value!.length).toBeLessThan(70);
    expect(n.reason).toContain('ath9k-pacing-shift, xen-tsq-limit');
  });
});
