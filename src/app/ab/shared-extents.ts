/**
 * One y extent per panel and band for both sides of an A/B comparison: each
 * side reports its data's largest value when it draws, both draw to the
 * larger one (held as a single track holds its own, ../charts/held-extent.ts),
 * and a side whose extent moved because of the other side's data is told to
 * draw again. So A and B always share every y scale: the same height is the
 * same value on both sides.
 */
import type { ExtentSource } from '../charts/extent-source';
import { heldExtent } from '../charts/held-extent';

interface Slot {
  held: number | undefined;
  max: [number, number];
}

export class SharedExtents {
  private readonly slots = new Map<string, Slot>();
  private readonly versions = new Map<string, number>();

  /** `onChange`: an extent moved; both sides' schedulers should draw again. */
  constructor(private readonly onChange: () => void) {}

  /** The extents of one panel as one side draws them. */
  source(side: 0 | 1, panel: string): ExtentSource {
    return {
      hold: (slot, max) => this.hold(side, panel, slot, max),
      clear: () => this.clear(side, panel),
      version: () => this.versions.get(panel) ?? 0,
    };
  }

  /** Both sides start over (a new comparison). */
  reset(): void {
    this.slots.clear();
    this.versions.clear();
  }

  private hold(side: 0 | 1, panel: string, slot: string, max: number): number {
    const k = `${panel}|${slot}`;
    let e = this.slots.get(k);
    if (!e) this.slots.set(k, (e = { held: undefined, max: [0, 0] }));
    e.max[side] = Number.isFinite(max) ? max : 0;
    const next = heldExtent(e.held, Math.max(e.max[0], e.max[1]));
    if (next !== e.held) {
      const first = e.held === undefined;
      e.held = next;
      this.versions.set(panel, (this.versions.get(panel) ?? 0) + 1);
      if (!first) this.onChange();
    }
    return next;
  }

  private clear(side: 0 | 1, panel: string): void {
    for (const [k, e] of this.slots)
      if (k.startsWith(`${panel}|`)) {
        e.max[side] = 0;
        e.held = undefined;
      }
  }
}
