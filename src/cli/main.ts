/**
 * The headless CLI: run a preset or a scenario file in Node with the same
 * core, apply --set overrides, sweep a field, print table / JSON / CSV.
 * Exit codes: 0 ok, 1 a reference cell out of tolerance (--check), 2 bad input.
 *
 * The process never calls process.exit() while output may be pending: to a
 * pipe, Node writes stdout and stderr asynchronously, and exiting at once
 * cut a long sweep at 64 KiB. The exit code is set and Node exits once
 * everything written has drained.
 */
import './v8-flags';
import { cliMain, quietOnClosedPipe } from './cli-main';

quietOnClosedPipe();
void cliMain(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
