import { describe, expect, it } from 'vitest';
import { decodeShareState } from '../app/share/url-state';
import type { ParamSpec } from '../worker/protocol';
import { appUrlOf, queryOfAttributes } from './element-attrs';
import { findKnob } from './widget-controls';
import { luminanceOf } from './widget-theme';

const attrs = (a: Record<string, string>) => ({ getAttribute: (n: string) => a[n] ?? null });

describe('<tsq-lab> attributes', () => {
  it('read as a share link, parameters from set="path=value; …"', () => {
    const q = queryOfAttributes(
      attrs({
        preset: 'ath9k-pacing-shift',
        controls: 'sk_pacing_shift',
        panels: 'occupancy,latency',
        set: 'tcp.sk_pacing_shift=8; tcp.tcp_limit_output_bytes = 128K ;',
        theme: 'dark',
      }),
    );
    const { state, notices } = decodeShareState(q);
    expect(notices).toEqual([]);
    expect(state).toEqual({
      presetId: 'ath9k-pacing-shift',
      panels: ['occupancy', 'latency'],
      controls: ['sk_pacing_shift'],
      theme: 'dark',
      set: { 'tcp.sk_pacing_shift': '8', 'tcp.tcp_limit_output_bytes': '128K' },
    });
  });

  it('take a whole query instead when given one', () => {
    expect(queryOfAttributes(attrs({ query: '?v=1&preset=x', preset: 'y' }))).toBe('?v=1&preset=x');
  });

  it('escape what they pass on', () => {
    const { state, notices } = decodeShareState(
      queryOfAttributes(attrs({ preset: 'a&b=c', set: 'x.y=1&z=2' })),
    );
    expect(notices.map((n) => n.field)).toEqual(['preset']);
    expect(state.set).toEqual({ 'x.y': '1&z=2' });
  });
});

describe('controls by name', () => {
  const p = (key: string) => ({ key }) as ParamSpec;
  it('match the full path, then the last part of it', () => {
    const params = [p('tcp.sk_pacing_shift'), p('tcp.tcp_limit_output_bytes'), p('era')];
    expect(findKnob(params, 'sk_pacing_shift')?.key).toBe('tcp.sk_pacing_shift');
    expect(findKnob(params, 'tcp.tcp_limit_output_bytes')?.key).toBe('tcp.tcp_limit_output_bytes');
    expect(findKnob(params, 'nope')).toBeUndefined();
  });
});

describe('host background', () => {
  it('is dark, light or not opaque enough to say', () => {
    expect(luminanceOf('rgb(21, 23, 28)')).toBeLessThan(0.2);
    expect(luminanceOf('rgb(251, 250, 247)')).toBeGreaterThan(0.9);
    expect(luminanceOf('rgba(0, 0, 0, 0)')).toBeNull();
    expect(luminanceOf('rgb(0 0 0 / 40%)')).toBeNull();
    expect(luminanceOf('transparent')).toBeNull();
  });
});

describe('<tsq-lab app-url>', () => {
  const page = 'https://blog.example/posts/tsq.html';
  it('links http(s) addresses, and resolves a relative one against the page', () => {
    expect(appUrlOf('https://lab.example/', page)).toEqual({ url: 'https://lab.example/' });
    expect(appUrlOf('../lab/', page)).toEqual({ url: 'https://blog.example/lab/' });
    expect(appUrlOf('  /tsq/ ', page)).toEqual({ url: 'https://blog.example/tsq/' });
    expect(appUrlOf(null, page)).toEqual({ url: null });
  });

  it('refuses javascript:, data: and values no URL can be made of, with a reason, never a throw', () => {
    for (const v of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
    ])
      expect(appUrlOf(v, page)).toEqual({
        url: null,
        reason: expect.stringMatching(/only http and https addresses are linked$/),
      });
    for (const v of ['http://[bad', 'https://exa mple.com:99999/'])
      expect(appUrlOf(v, page)).toEqual({ url: null, reason: expect.stringMatching(/^is not an address/) });
    // Relative to a page that is itself no http(s) URL (about:blank): refused, not thrown.
    expect(appUrlOf('lab/', 'about:blank').url).toBeNull();
  });
});
