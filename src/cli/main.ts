/**
 * The headless CLI: run a preset or a scenario file in Node with the same
 * core, apply --set overrides, sweep a field, print table / JSON / CSV.
 * Exit codes: 0 ok, 1 a reference cell out of tolerance (--check), 2 bad input.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs, usage, type CliArgs } from './args';
import { runCli } from './commands';
import { SimPool } from './pool';

let args: CliArgs;
try {
  args = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  console.error(usage());
  process.exit(2);
}
if (args.help) {
  console.log(usage());
  process.exit(0);
}
// Sweeps and reference tables run their points on a pool of worker threads, one per core.
runCli(
  args,
  (p) => readFileSync(p, 'utf8'),
  (s) => process.stdout.write(s),
  () => new SimPool(),
  (p, text) => writeFileSync(p, text),
).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`error: ${(e as Error).message}`);
    process.exit(2);
  },
);
