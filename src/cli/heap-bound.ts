/**
 * Peak memory that does not grow with simulated time. The CLI keeps V8's
 * young generation small (./v8-flags.ts), so packets that wait in a queue
 * for more than a few milliseconds (a 1000-packet pfifo_fast holds ~100 ms)
 * are promoted and die in the old generation, and V8 lets that garbage grow
 * to several times the live heap before it collects it: after a full
 * collection a run's live heap is the same at 20 s and at 200 s (15 MB for
 * bench-wired with pfifo_fast), but the old generation had reached 29 MB by
 * 200 s, and the peak RSS 89 MB against 70.
 *
 * Between slices of simulated time (runScenario's `between`, every simulated
 * second) the CLI reads the old generation's size and, once it has grown a
 * quarter past what the last full collection left (and past 8 MB), collects
 * it: 11 full collections of 8–23 ms in a 200 s pfifo_fast run (about 4 % of
 * its CPU), none in a 20 s fq_codel run. Measured (GNU time, the CLI's peak
 * RSS, 20 s → 200 s, two runs each, load average ~10): pfifo_fast 70.3 →
 * 70.6 MB (without the bound 68.2 → 89.2), fq_codel 67.9 → 69.9 (67.2 →
 * 72.1), the WiFi scene 70.3 → 71.4 (70.2 → 74.4). Only the CLI and its
 * sweep workers do this; the browser's worker keeps V8's own policy.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Collect once the old generation is this much above what the last collection left… */
const GROWTH = 1.25;
/** …and at least this large (a short run never pays for a collection). */
const FLOOR_BYTES = 8 << 20;

// The collector as a function, from a context of its own so the program's global is untouched.
// Made at start: the context costs 2-3 MB, which made lazily would land on long runs alone.
// The bundle's launcher has set the flag already (./v8-flags.ts); from the sources it is set here.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const oldSpaceBytes = (): number =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;

let limitBytes = FLOOR_BYTES;

/** runScenario's `between`: a full collection when the old generation has grown past the bound. */
export function boundHeap(): void {
  if (oldSpaceBytes() < limitBytes) return;
  gc();
  limitBytes = Math.max(FLOOR_BYTES, oldSpaceBytes() * GROWTH);
}
