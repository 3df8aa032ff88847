/**
 * The y extent a band keeps while the live view scrolls: a y scale that
 * changes means drawing the whole window again, so a band holds its extent
 * until its data needs more, or much less (see ScrollLayer and DrawCtx.hold).
 */

/** A band keeps its extent until its data needs more, or less than this share of it. */
const HOLD_SHARE = 0.5;
/**
 * Data that outgrows its band's extent gets this much headroom: a quantity
 * that is still rising (cwnd in slow start, a queue filling) then changes the
 * y scale, which means drawing the whole window again, every few steps of its
 * growth instead of at each new maximum.
 */
const HOLD_GROW = 1.25;

/** The extent a band keeps (`held`, undefined at first) for data reaching `max` (see HOLD_SHARE, HOLD_GROW). */
export function heldExtent(held: number | undefined, max: number): number {
  if (held === undefined) return max;
  if (max > held) return max * HOLD_GROW;
  return max >= held * HOLD_SHARE ? held : max;
}
