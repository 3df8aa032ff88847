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
 * minmax(0, 1fr) var(--side-w)`. Returns a function that stops following.
 */
export function layOutStack(stack: HTMLElement, withSide: boolean): () => void {
  const apply = (widthPx: number) => {
    const axis = `${AXIS_W_PX}px`;
    const side = `${sideWidthPx(widthPx, withSide)}px`;
    if (stack.style.getPropertyValue('--axis-w') !== axis) stack.style.setProperty('--axis-w', axis);
    if (stack.style.getPropertyValue('--side-w') !== side) stack.style.setProperty('--side-w', side);
  };
  apply(stack.clientWidth);
  const ro = new ResizeObserver((entries) => apply(entries[0]?.contentRect.width ?? 0));
  ro.observe(stack);
  return () => ro.disconnect();
}
