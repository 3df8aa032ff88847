/**
 * For tests: a 2D context whose drawing calls do nothing except record the
 * colour of each stroke and fill, in order, so a test can say what was
 * drawn and in which colour without a canvas.
 */
export function recordingCtx(): { ctx: CanvasRenderingContext2D; strokes: string[]; fills: string[] } {
  const strokes: string[] = [];
  const fills: string[] = [];
  const noop = () => {};
  const ctx = {
    beginPath: noop,
    moveTo: noop,
    lineTo: noop,
    closePath: noop,
    setLineDash: noop,
    fillRect: noop,
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
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes, fills };
}
