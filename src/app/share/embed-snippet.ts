/**
 * The HTML a writer pastes into a post: an iframe of the embed page, or the
 * <tsq-lab> element with its one script. Every value is escaped for an
 * attribute; nothing here is ever inserted into this app's own DOM.
 */
import type { Panel } from '../../worker/protocol';
import { formatLinkChange } from './change-codec';
import { encodeShareState, type EmbedTheme, type ShareState } from './url-state';

export interface EmbedOptions {
  panels: Panel[];
  controls: string[];
  theme?: EmbedTheme;
  heightPx: number;
  title: string;
  /** The element's "Open in TSQ Lab" target (its script may live elsewhere). */
  appUrl?: string;
}

/**
 * The height an iframe needs for the widget (src/embed/widget-css.ts) to show
 * the chosen panels at their own heights, measured from the widget in a
 * 700 px column (a blog's): the title, clock, headline numbers and footer;
 * per panel its height plus its title and legend; the controls in rows of up
 * to three (one control spans the row, its help on one line).
 */
export const EMBED_CHROME_PX = 176;
export const EMBED_PANEL_CHROME_PX = 24;
const ONE_CONTROL_PX = 60;
const CONTROL_ROW_PX = 114;
const CONTROLS_PER_ROW = 3;

export function embedHeightPx(panelHeightsPx: readonly number[], controls: number): number {
  const rows = Math.ceil(controls / CONTROLS_PER_ROW);
  const ctl = controls === 0 ? 0 : controls === 1 ? ONE_CONTROL_PX : rows * CONTROL_ROW_PX;
  return Math.round(
    EMBED_CHROME_PX + ctl + panelHeightsPx.reduce((h, p) => h + p + EMBED_PANEL_CHROME_PX, 0),
  );
}

export function escapeAttr(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#39;');
}

/** The embed page of the app at `appBase` (the folder of index.html) showing `state`. */
export function embedUrl(appBase: string, state: ShareState, o: EmbedOptions): string {
  const u = new URL('embed.html', appBase);
  u.search = `?${encodeShareState({ ...state, panels: o.panels, controls: o.controls, theme: o.theme })}`;
  return u.toString();
}

export function iframeSnippet(url: string, o: EmbedOptions): string {
  return `<iframe src="${escapeAttr(url)}" title="${escapeAttr(o.title)}" width="100%" height="${Math.round(o.heightPx)}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** `set` attribute text: "path=value; path=value". */
export function setAttr(set: Record<string, string>): string {
  return Object.entries(set)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

export function elementSnippet(scriptUrl: string, state: ShareState, o: EmbedOptions): string {
  const attrs: [string, string | undefined][] = [
    ['preset', state.presetId],
    ['seed', state.seed === undefined ? undefined : String(state.seed)],
    ['speed', state.speedId],
    ['panels', o.panels.join(',')],
    ['controls', o.controls.join(',')],
    ['theme', o.theme],
    ['set', Object.keys(state.set).length ? setAttr(state.set) : undefined],
    ['at', state.changes?.length ? state.changes.map(formatLinkChange).join('; ') : undefined],
    ['app-url', o.appUrl],
  ];
  const a = attrs
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escapeAttr(v!)}"`)
    .join('');
  return `<script type="module" src="${escapeAttr(scriptUrl)}"></script>\n<tsq-lab${a}></tsq-lab>`;
}
