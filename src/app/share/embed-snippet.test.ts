import { describe, expect, it } from 'vitest';
import { elementSnippet, embedHeightPx, embedUrl, escapeAttr, iframeSnippet } from './embed-snippet';
import { decodeShareState } from './url-state';

const state = { presetId: 'ath9k-pacing-shift', seed: 3, speedId: '1', set: { 'tcp.sk_pacing_shift': '8' } };
const opts = {
  panels: ['occupancy' as const, 'latency' as const],
  controls: ['tcp.sk_pacing_shift'],
  heightPx: 480,
  title: 'TSQ Lab: "ath9k" <x>',
};

describe('embed snippets', () => {
  it('points the iframe at the embed page with the view in its query', () => {
    const url = embedUrl('https://example.org/lab/', state, { ...opts, theme: 'dark' });
    expect(url).toBe(
      'https://example.org/lab/embed.html?v=1&preset=ath9k-pacing-shift&seed=3&speed=1&panels=occupancy,latency&controls=tcp.sk_pacing_shift&theme=dark&tcp.sk_pacing_shift=8',
    );
    const back = decodeShareState(new URL(url).search);
    expect(back.notices).toEqual([]);
    expect(back.state.controls).toEqual(['tcp.sk_pacing_shift']);
  });

  it('escapes every attribute', () => {
    const html = iframeSnippet('https://x/embed.html?a=1&b="2"', opts);
    expect(html).toBe(
      '<iframe src="https://x/embed.html?a=1&amp;b=&quot;2&quot;" title="TSQ Lab: &quot;ath9k&quot; &lt;x&gt;" width="100%" height="480" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
    expect(escapeAttr(`'`)).toBe('&#39;');
  });

  it('writes the element with one script', () => {
    expect(elementSnippet('https://x/lib/tsq-lab.js', state, opts)).toBe(
      '<script type="module" src="https://x/lib/tsq-lab.js"></script>\n<tsq-lab preset="ath9k-pacing-shift" seed="3" speed="1" panels="occupancy,latency" controls="tcp.sk_pacing_shift" set="tcp.sk_pacing_shift=8"></tsq-lab>',
    );
  });
});

describe('the iframe height', () => {
  it('grows with each chosen panel by its height and chrome, and with the rows of controls', () => {
    const one = embedHeightPx([170], 0);
    expect(embedHeightPx([170, 140], 0) - one).toBe(140 + 24);
    expect(embedHeightPx([170], 1)).toBeGreaterThan(one);
    expect(embedHeightPx([170], 3)).toBe(embedHeightPx([170], 2));
    expect(embedHeightPx([170], 4)).toBeGreaterThan(embedHeightPx([170], 3));
  });
});
