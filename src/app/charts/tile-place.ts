/**
 * Where the scroll layer's tiles go on the device-pixel grid: the pixel
 * ratio, a plot width in whole device pixels, and each tile's offset and
 * width under the plot.
 */

/**
 * A plot width rounded to whole device pixels. Drawn at this width, tile
 * edges and every column fall on the device-pixel grid, so the tiles meet
 * without a seam when the plot's CSS width times the pixel ratio is fractional.
 */
export function wholeDevicePx(widthPx: number): number {
  const dpr = devicePixelRatioOf();
  return Math.round(widthPx * dpr) / dpr;
}

/** Where a tile starting at `tileNs` lies from the plot's left edge (CSS px, on the device-pixel grid). */
export function leftPx(tileNs: number, t0Ns: number, nsPerPx: number, dpr: number): number {
  // Tile starts and the window's start both lie on the device-pixel grid: round away float error.
  return Math.round(((tileNs - t0Ns) / nsPerPx) * dpr) / dpr;
}

/**
 * Moves each tile to its place under the plot (a compositor-only change; skipped when it did not
 * move), as wide as its device pixels (see wholeDevicePx), so the next one starts where it ends.
 */
export function place(
  tiles: readonly HTMLCanvasElement[],
  tileNs: number[],
  t0Ns: number,
  nsPerPx: number,
  dpr: number,
) {
  tiles.forEach((c, i) => {
    const left = leftPx(tileNs[i], t0Ns, nsPerPx, dpr);
    const t = left === 0 ? '' : `translateX(${left}px)`;
    if (c.style.transform !== t) c.style.transform = t;
    const width = `${c.width / dpr}px`;
    if (c.style.width !== width) c.style.width = width;
  });
}

export function devicePixelRatioOf(): number {
  return Math.max(1, Math.min(3, window.devicePixelRatio || 1));
}
