/**
 * Where a track's bands get the y extent they draw to (DrawCtx.hold): by
 * default each track holds its own (./held-extent.ts); A/B's two sides share
 * one per panel and band, so both draw to the same y scale and equal heights
 * mean equal values (src/app/ab/shared-extents.ts).
 */
import { heldExtent } from './held-extent';

export interface ExtentSource {
  /** The extent to draw a band (`slot`) to, given its data's largest value now. */
  hold(slot: string, max: number): number;
  /** Starts over from the data's own extents (a new run, a new span). */
  clear(): void;
  /** Changes when an extent changed from elsewhere: the track must draw again. */
  version(): number;
}

/** A track's own extents. */
export function ownExtents(): ExtentSource {
  const held = new Map<string, number>();
  return {
    hold: (slot, max) => {
      const next = heldExtent(held.get(slot), max);
      held.set(slot, next);
      return next;
    },
    clear: () => held.clear(),
    version: () => 0,
  };
}
