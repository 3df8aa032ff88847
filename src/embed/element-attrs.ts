/** The <tsq-lab> element's attributes read as a share-link query (see src/app/share/url-state.ts). */

export const STATE_ATTRS = ['preset', 'seed', 'speed', 'panels', 'controls', 'theme', 'zoom'] as const;

/** `query` when present; else the state attributes plus `set="path=value; path=value"`. */
export function queryOfAttributes(el: Pick<Element, 'getAttribute'>): string {
  const q = el.getAttribute('query');
  if (q !== null) return q;
  const parts: string[] = [];
  for (const a of STATE_ATTRS) {
    const v = el.getAttribute(a);
    if (v !== null) parts.push(`${a}=${encodeURIComponent(v)}`);
  }
  for (const pair of (el.getAttribute('set') ?? '').split(';')) {
    const i = pair.indexOf('=');
    if (i > 0)
      parts.push(
        `${encodeURIComponent(pair.slice(0, i).trim())}=${encodeURIComponent(pair.slice(i + 1).trim())}`,
      );
  }
  return parts.join('&');
}

/**
 * The app-url attribute as the figure's "Open in TSQ Lab" link: an absolute
 * http(s) address, or a relative one resolved against the page (`base`,
 * document.baseURI). Anything else — javascript:, data:, a value no URL can
 * be made of — is refused (null) with the reason, never thrown into the
 * host page; the caller then links to the app's own address.
 */
export function appUrlOf(value: string | null, base: string): { url: string | null; reason?: string } {
  if (value === null) return { url: null };
  let u: URL;
  try {
    u = new URL(value.trim(), base);
  } catch {
    return { url: null, reason: 'is not an address: expected an http(s) URL or a path relative to the page' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return {
      url: null,
      reason: `is a ${u.protocol.slice(0, 20)} address: only http and https addresses are linked`,
    };
  return { url: u.toString() };
}
