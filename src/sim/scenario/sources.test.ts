import { describe, expect, it } from 'vitest';
import { listPresets } from '../index';
import { CROSS_CHECKS } from './cross-checks';
import { PRESETS } from './presets/index';
import { citationDate, citationText, SOURCES } from './sources';

describe('sources', () => {
  it('every reference experiment and cross-check cites a known source', () => {
    for (const p of PRESETS) if (p.table) expect(p.source && SOURCES[p.source], p.id).toBeTruthy();
    for (const c of CROSS_CHECKS) expect(SOURCES[c.source], c.id).toBeTruthy();
  });

  it('hosts get a citation, not a file name', () => {
    for (const p of listPresets()) {
      if (!p.source) continue;
      expect(p.source.title).not.toMatch(/\.txt$/);
      expect(citationText(p.source)).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    }
  });

  it('links are https pages of public archives or commit pages, by full hash', () => {
    for (const c of Object.values(SOURCES)) {
      expect(c.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (!('url' in c)) continue;
      const u = new URL(c.url);
      expect(u.protocol).toBe('https:');
      expect(['git.kernel.org', 'patchwork.kernel.org']).toContain(u.hostname);
      if ('commit' in c) expect(u.searchParams.get('id')?.startsWith(c.commit)).toBe(true);
    }
  });

  it('formats dates as a reader writes them', () => {
    expect(citationDate(SOURCES['tcp-gso-always-on'])).toBe('19 Feb 2018');
  });
});
