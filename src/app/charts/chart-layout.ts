/**
 * The layout every chart host shares — the explorer's timelines, the lesson
 * player and the <tsq-lab> element: each row of a stack (every panel and the
 * time axis under or over them) is the grid [y axis | plot | side], and the
 * column widths are set once on the stack as CSS variables that every row
 * reads. So every plot of a host has the same width, whether or not its own
 * panel has a side plot, and a time reads at the same x on each panel and on
 * the axis.
 */

/** The y axis column (ticks and the unit along its left edge). */
export const AXIS_W_PX = 56;
/** The side plot (histogram, CDF) takes this share of the stack, within SIDE_MIN_PX..SIDE_MAX_PX. */
const SIDE_SHARE = 0.15;
const SIDE_MIN_PX = 64;
const SIDE_MAX_PX = 120;

/** The side column's width for a stack this wide; 0 when no panel of the stack has a side plot. */
export function sideWidthPx(stackWidthPx: number, withSide: boolean): number {
  if (!withSide) return 0;
  return Math.round(Math.min(SIDE_MAX_PX, Math.max(SIDE_MIN_PX, stackWidthPx * SIDE_SHARE)));
}

/**
 * Sets the stack's columns (`--axis-w`, `--side-w`) now and whenever the
 * stack's width changes. Rows use `grid-template-columns: var(--axis-w)
 * minmax(0, 1fr) var(--side-w)`. `side`: true keeps the side column on every
 * row (the explorer: a panel shown or hidden never moves the others' plots);
 * a list of the panels that have a side plot keeps it only while one of them
 * is rendered, so a panel a style rule hides (a lesson on a phone shows only
 * its first) leaves no empty column beside the plots that remain. Those
 * panels are observed too: hiding or showing one resizes it, never the stack.
 * Returns a function that stops following.
 */
export function layOutStack(stack: HTMLElement, side: boolean | readonly Element[]): () => void {
  const withSide = () => (typeof side === 'boolean' ? side : side.some((p) => p.getClientRects().length > 0));
  let widthPx = stack.clientWidth;
  const apply = () => {
    const axis = `${AXIS_W_PX}px`;
    const sideW = `${sideWidthPx(widthPx, withSide())}px`;
    if (stack.style.getPropertyValue('--axis-w') !== axis) stack.style.setProperty('--axis-w', axis);
    if (stack.style.getPropertyValue('--side-w') !== sideW) stack.style.setProperty('--side-w', sideW);
  };
  apply();
  // Called after layout, so reading the panels' boxes here forces none.
  const ro = new ResizeObserver((entries) => {
    const own = entries.find((e) => e.target === stack);
    if (own) widthPx = own.contentRect.width;
    apply();
  });
  ro.observe(stack);
  if (typeof side !== 'boolean') side.forEach((p) => ro.observe(p));
  return () => ro.disconnect();
}
