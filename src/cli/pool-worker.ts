/**
 * The entry of a sweep worker thread: pool.ts answers jobs when it is loaded
 * off the main thread. The bundle (scripts/build-cli.mjs) builds this into
 * dist-cli/tsq-lab-worker.cjs, which the bundled pool starts.
 */
import './v8-flags';
import './pool';
