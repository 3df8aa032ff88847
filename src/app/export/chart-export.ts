/**
 * Figures as files: an SVG document (standalone: no stylesheet, no images,
 * every style inlined), and PNG as that SVG rasterised at 2× or 3×. Charts
 * drawn by React in SVG (sweeps, reference tables) are cloned with their
 * computed styles and given the same title, caption and background as the
 * timeline figures (./figure.ts).
 */
import { FONT, svgEl, svgText, SVG_NS, wrapItems, type ChartFigure, type FigureColors } from './figure';

export function svgDocument(svg: SVGSVGElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}

/** Rasterises an SVG document at `scale` × its size in CSS px. */
export async function svgToPng(svg: string, widthPx: number, heightPx: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = Math.round(widthPx * scale);
    c.height = Math.round(heightPx * scale);
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas context');
    ctx.drawImage(img, 0, 0, c.width, c.height);
    return await new Promise<Blob>((resolve, reject) =>
      c.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Styles a standalone SVG must carry itself (the page's stylesheet does not travel with it). */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
] as const;

/** A copy of `src` with each element's computed style written on it (`currentColor` resolved). */
function inlinedClone(src: SVGSVGElement): SVGSVGElement {
  const out = src.cloneNode(true) as SVGSVGElement;
  const from = [src, ...Array.from(src.querySelectorAll('*'))];
  const to = [out, ...Array.from(out.querySelectorAll('*'))];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = STYLE_PROPS.map((p) => `${p}:${cs.getPropertyValue(p)}`).filter((s) => !s.endsWith(':'));
    to[i].setAttribute('style', style.join(';'));
    to[i].removeAttribute('class');
  });
  return out;
}

/**
 * A React-drawn SVG chart as a figure: the chart at its viewBox size, with a
 * title above and the caption below, on the page's background.
 */
export function chartSvgFigure(
  src: SVGSVGElement,
  title: string,
  caption: string[],
  colors: FigureColors,
): ChartFigure {
  const vb = src.viewBox.baseVal;
  const cw = vb && vb.width ? vb.width : src.clientWidth;
  const ch = vb && vb.height ? vb.height : src.clientHeight;
  const W = Math.max(cw + 32, 480);
  const chart = inlinedClone(src);
  chart.setAttribute('x', String((W - cw) / 2));
  chart.setAttribute('y', '34');
  chart.setAttribute('width', String(cw));
  chart.setAttribute('height', String(ch));
  const svg = svgEl('svg', { xmlns: SVG_NS, 'font-family': FONT, 'font-size': 11 });
  svg.setAttribute('style', `color: ${colors.fg}`);
  const bg = svgEl('rect', { x: 0, y: 0, width: W, fill: colors.bg }, svg);
  svgText(svg, 16, 24, title, { 'font-size': 15, 'font-weight': 600, fill: colors.fg });
  svg.append(chart);
  const lines = wrapItems(caption, W - 32);
  const y = 34 + ch + 14;
  lines.forEach((l, i) => svgText(svg, 16, y + i * 14, l, { fill: colors.muted, 'font-size': 10 }));
  const H = Math.ceil(y + lines.length * 14 + 6);
  bg.setAttribute('height', String(H));
  svg.setAttribute('width', String(W));
  svg.setAttribute('height', String(H));
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const t = svgEl('title', {});
  t.textContent = title;
  svg.prepend(t);
  return { svg, widthPx: W, heightPx: H };
}

/** The page's colours for a figure's background and text. */
export function pageColors(): FigureColors {
  const cs = getComputedStyle(document.documentElement);
  const v = (n: string, f: string) => cs.getPropertyValue(n).trim() || f;
  return { bg: v('--panel', '#fff'), fg: v('--fg', '#222'), muted: v('--muted', '#666') };
}
