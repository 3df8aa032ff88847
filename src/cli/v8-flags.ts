/**
 * V8 settings for the CLI, set before any simulation code has run (V8's
 * flags are per process, so the sweep workers share them):
 * - `--max-inlined-bytecode-size-cumulative=300` (default 920): a run of a few
 *   simulated seconds spends more CPU compiling the core than running it
 *   (most of it on V8's background threads, more for WiFi, whose path is
 *   longer). A smaller inlining budget per optimised function cuts that by
 *   about a quarter on a 5 s WiFi run (instructions counted by callgrind)
 *   and leaves a 50 s run's cost as it was.
 * - `--semi-space-growth-factor=1`: the young generation stays at its first
 *   size instead of doubling; the model's garbage is short-lived, so the
 *   scavenges cost no more, and a 20 s run peaks 4–12 MB lower in RSS. The
 *   sweep workers start with a larger one (./pool.ts, WORKER_SEMI_SPACE_MB).
 * - `--expose-gc`: the collector the heap bound calls (./heap-bound.ts), set
 *   here, before the core is compiled, because V8 keys its code cache to the
 *   flags: set later, it would make the cache written after a run differ
 *   from the one the next run reads.
 * Run from source (tsx, Vitest) the core keeps V8's defaults.
 */
import { setFlagsFromString } from 'node:v8';

export const CLI_V8_FLAGS = [
  '--max-inlined-bytecode-size-cumulative=300',
  '--semi-space-growth-factor=1',
  '--expose-gc',
];

for (const f of CLI_V8_FLAGS) setFlagsFromString(f);
