/**
 * The part of CanvasRenderingContext2D the tracks draw with, writing SVG
 * instead of pixels: a stroke or a fill becomes one <path>, a run of
 * rectangles filled in one colour (a point cloud, a histogram, the dense
 * columns of a stack) one <path> of rectangles, so a figure's data are
 * vector paths the tracks draw exactly as on screen. Libraries that do this
 * (canvas2svg and its forks) write one element per call and are no longer
 * kept up; the tracks need only this subset.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

interface State {
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  globalAlpha: number;
  dash: number[];
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  clipId: string | null;
}

/** Coordinates to a hundredth of a pixel: enough for any print size, and files stay small. */
const n = (v: number) => String(Math.round(v * 100) / 100);

export class SvgContext {
  private st: State = {
    fillStyle: '#000',
    strokeStyle: '#000',
    lineWidth: 1,
    lineJoin: 'miter',
    globalAlpha: 1,
    dash: [],
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    clipId: null,
  };
  private readonly stack: State[] = [];
  private path = '';
  /** Rectangles filled in a row with the same style, written as one path when the style changes. */
  private rects = '';
  private rectsKey = '';
  private rectsStyle = { fill: '', alpha: 1, clip: null as string | null };
  private clips = 0;

  constructor(
    private readonly root: SVGGElement,
    private readonly idPrefix = 'c',
  ) {}

  get fillStyle(): string {
    return this.st.fillStyle;
  }
  set fillStyle(v: string | CanvasGradient | CanvasPattern) {
    this.st.fillStyle = String(v);
  }
  get strokeStyle(): string {
    return this.st.strokeStyle;
  }
  set strokeStyle(v: string | CanvasGradient | CanvasPattern) {
    this.st.strokeStyle = String(v);
  }
  get lineWidth(): number {
    return this.st.lineWidth;
  }
  set lineWidth(v: number) {
    this.st.lineWidth = v;
  }
  get lineJoin(): CanvasLineJoin {
    return this.st.lineJoin;
  }
  set lineJoin(v: CanvasLineJoin) {
    this.st.lineJoin = v;
  }
  get globalAlpha(): number {
    return this.st.globalAlpha;
  }
  set globalAlpha(v: number) {
    this.st.globalAlpha = v;
  }
  get font(): string {
    return this.st.font;
  }
  set font(v: string) {
    this.st.font = v;
  }
  get textAlign(): CanvasTextAlign {
    return this.st.textAlign;
  }
  set textAlign(v: CanvasTextAlign) {
    this.st.textAlign = v;
  }
  get textBaseline(): CanvasTextBaseline {
    return this.st.textBaseline;
  }
  set textBaseline(v: CanvasTextBaseline) {
    this.st.textBaseline = v;
  }

  setLineDash(d: number[]): void {
    this.st.dash = [...d];
  }

  save(): void {
    this.stack.push({ ...this.st, dash: [...this.st.dash] });
  }

  restore(): void {
    this.flushRects();
    this.st = this.stack.pop() ?? this.st;
  }

  beginPath(): void {
    this.path = '';
  }

  moveTo(x: number, y: number): void {
    this.path += `M${n(x)},${n(y)}`;
  }

  lineTo(x: number, y: number): void {
    this.path += `L${n(x)},${n(y)}`;
  }

  closePath(): void {
    this.path += 'Z';
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.path += rectPath(x, y, w, h);
  }

  arc(x: number, y: number, r: number): void {
    this.path += `M${n(x - r)},${n(y)}a${n(r)},${n(r)} 0 1,0 ${n(2 * r)},0a${n(r)},${n(r)} 0 1,0 ${n(-2 * r)},0`;
  }

  /** Clips what follows to the current path (the tracks clip to rectangles only). */
  clip(): void {
    this.flushRects();
    const id = `${this.idPrefix}-clip${this.clips++}`;
    const cp = this.make('clipPath', { id });
    cp.append(this.make('path', { d: this.path || 'M0,0' }));
    this.root.append(cp);
    this.st.clipId = id;
  }

  stroke(): void {
    if (!this.path) return;
    this.flushRects();
    this.add('path', {
      d: this.path,
      fill: 'none',
      stroke: this.st.strokeStyle,
      'stroke-width': n(this.st.lineWidth),
      'stroke-linejoin': this.st.lineJoin,
      ...(this.st.dash.length ? { 'stroke-dasharray': this.st.dash.join(' ') } : {}),
    });
  }

  fill(): void {
    if (!this.path) return;
    this.flushRects();
    this.add('path', { d: this.path, fill: this.st.fillStyle });
  }

  fillRect(x: number, y: number, w: number, h: number): void {
    if (!(w > 0 && h > 0)) return;
    const key = `${this.st.fillStyle}|${this.st.globalAlpha}|${this.st.clipId}`;
    if (key !== this.rectsKey) this.flushRects();
    this.rectsKey = key;
    this.rectsStyle = { fill: this.st.fillStyle, alpha: this.st.globalAlpha, clip: this.st.clipId };
    this.rects += rectPath(x, y, w, h);
  }

  strokeRect(x: number, y: number, w: number, h: number): void {
    const p = this.path;
    this.path = rectPath(x, y, w, h);
    this.stroke();
    this.path = p;
  }

  /** The figure starts empty: clearing draws nothing. */
  clearRect(): void {}

  setTransform(): void {}

  fillText(text: string, x: number, y: number): void {
    this.flushRects();
    const anchor = { center: 'middle', end: 'end', right: 'end' }[this.st.textAlign as string] ?? 'start';
    const t = this.add('text', {
      x: n(x),
      y: n(y),
      fill: this.st.fillStyle,
      'text-anchor': anchor,
      style: `font: ${this.st.font}`,
    });
    t.textContent = text;
  }

  /** Writes what is still pending; call once the drawing is done. */
  finish(): void {
    this.flushRects();
  }

  private flushRects(): void {
    if (!this.rects) return;
    const { fill, alpha, clip } = this.rectsStyle;
    const d = this.rects;
    this.rects = '';
    this.rectsKey = '';
    this.add('path', { d, fill }, { alpha, clip });
  }

  private add(
    name: string,
    attrs: Record<string, string>,
    style: { alpha: number; clip: string | null } = { alpha: this.st.globalAlpha, clip: this.st.clipId },
  ): SVGElement {
    const a = { ...attrs };
    if (style.alpha < 1) a.opacity = n(style.alpha);
    if (style.clip) a['clip-path'] = `url(#${style.clip})`;
    const e = this.make(name, a);
    this.root.append(e);
    return e;
  }

  private make(name: string, attrs: Record<string, string>): SVGElement {
    const e = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }
}

function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${n(x)},${n(y)}h${n(w)}v${n(h)}h${n(-w)}Z`;
}

/** The context as the tracks take it (they use only what SvgContext has). */
export function asCanvasContext(c: SvgContext): CanvasRenderingContext2D {
  return c as unknown as CanvasRenderingContext2D;
}
