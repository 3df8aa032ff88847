/**
 * Keeps the time axis's labels inside its plot: the strip of ticks and
 * change markers is wider than the plot and slides under it, so a label near
 * either edge would be cut in half. A tick label that would cross an edge is
 * hidden; a marker label that would run off the right edge is set to the
 * left of its line instead, and hidden when its line is out of view or the
 * label fits neither side. Only attributes that change are written, so a
 * sliding frame touches at most the labels at the edges.
 */

/** Average advance of the axis font (10–10.5 px system-ui), per character. */
const CHAR_PX = 6.2;
const GAP_PX = 3;

function xOf(g: Element): number {
  const m = /translate\(([-\d.e]+)/.exec(g.getAttribute('transform') ?? '');
  return m ? Number(m[1]) : NaN;
}

function setAttr(el: Element, name: string, value: string | null): void {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/** Tick and marker labels of `strip` shown from `offsetPx` over a plot `widthPx` wide. */
export function fitStripLabels(strip: Element, offsetPx: number, widthPx: number): void {
  for (const g of Array.from(strip.querySelectorAll('g.tick'))) {
    const text = g.querySelector('text');
    if (!text) continue;
    const px = xOf(g) - offsetPx;
    const half = ((text.textContent ?? '').length * CHAR_PX) / 2;
    setAttr(text, 'visibility', px - half < 0 || px + half > widthPx ? 'hidden' : null);
  }
  for (const g of Array.from(strip.querySelectorAll('g.change-marker'))) {
    const text = g.querySelector('text');
    if (!text || text.getAttribute('display') === 'none') continue;
    const px = xOf(g) - offsetPx;
    const w = (text.textContent ?? '').length * CHAR_PX;
    const right = px + GAP_PX + w <= widthPx;
    const left = px - GAP_PX - w >= 0;
    const inView = px >= 0 && px <= widthPx;
    setAttr(text, 'visibility', inView && (right || left) ? null : 'hidden');
    setAttr(text, 'text-anchor', right ? null : 'end');
    setAttr(text, 'x', String(right ? GAP_PX : -GAP_PX));
  }
}
