/**
 * Light or dark for a widget placed in someone else's page: a `theme`
 * attribute wins; otherwise the first opaque background behind the element
 * decides (so a dark blog gets a dark figure); failing that, the page's
 * color-scheme, then prefers-color-scheme. Re-checked when any of them change.
 */
import type { EmbedTheme } from '../app/share/url-state';

/** sRGB relative luminance (WCAG) of an `rgb()/rgba()` colour; null when transparent or unreadable. */
export function luminanceOf(color: string): number | null {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(color);
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  if (!(alpha > 0.5)) return null;
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(+m[1]) + 0.7152 * lin(+m[2]) + 0.0722 * lin(+m[3]);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function detectTheme(el: Element): EmbedTheme {
  for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
    const l = luminanceOf(getComputedStyle(e).backgroundColor);
    if (l !== null) return l < 0.2 ? 'dark' : 'light';
  }
  const scheme = getComputedStyle(document.documentElement).colorScheme.split(/\s+/);
  if (scheme.includes('dark') && !scheme.includes('light')) return 'dark';
  if (scheme.includes('light') && !scheme.includes('dark')) return 'light';
  return matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Calls `cb` when the host page may have changed its theme; returns a stop function. */
export function watchHostTheme(cb: () => void): () => void {
  const mq = matchMedia(DARK_QUERY);
  mq.addEventListener('change', cb);
  // Sites switch dark mode with a class, a data attribute or a style on <html> or <body>.
  const mo = new MutationObserver(cb);
  const opts = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-color-mode'] };
  mo.observe(document.documentElement, opts);
  if (document.body) mo.observe(document.body, opts);
  return () => {
    mq.removeEventListener('change', cb);
    mo.disconnect();
  };
}
