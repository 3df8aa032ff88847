/**
 * For tests: a 2D context whose drawing calls do nothing except record the
 * colour of each stroke and fill, and each filled rectangle, in order, so a
 * test can say what was drawn where and in which colour without a canvas.
 */
export interface RecordedRect {
  style: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export function recordingCtx(): {
  ctx: CanvasRenderingContext2D;
  strokes: string[];
  fills: string[];
  rects: RecordedRect[];
} {
  const strokes: string[] = [];
  const fills: string[] = [];
  const rects: RecordedRect[] = [];
  const noop = () => {};
  const ctx = {
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    closePath: noop,
    setLineDash: noop,
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push({ style: this.fillStyle, x, y, w, h });
    },
    strokeRect: noop,
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    stroke() {
      strokes.push(this.strokeStyle);
    },
    fill() {
      fills.push(this.fillStyle);
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes, fills, rects };
}
