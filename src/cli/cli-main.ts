/**
 * The CLI's command line as a function (main.ts runs it; so does the bundle's
 * launcher, launch.ts, from its code-cached core). Exit codes: 0 ok, 1 a
 * reference cell out of tolerance (--check), 2 bad input.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs, usage, type CliArgs } from './args';
import { runCli } from './commands';
import { MAX_SHARD_FILE_BYTES } from './merge';
import { SimPool } from './pool';
import { MAX_FLENT_FILE_BYTES, readRegularFile, readScenarioFile } from './read-file';
import { twinMain } from '../twin/twin-cli';

/** A reader that goes away (`| head`) ends the run quietly instead of with a stack trace. */
export function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exitCode ??= 0;
      // Nothing more can be written to a closed pipe, so nothing is lost by stopping now.
      process.exit();
    });
}

/** Runs the command line `argv` (without node and the script); resolves to the exit code. */
export async function cliMain(argv: string[]): Promise<number> {
  // `twin`: the scenario on this machine's kernel beside the simulation (src/twin).
  if (argv[0] === 'twin') return twinMain(argv.slice(1));
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n${usage()}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  // A file written to standard output (-) keeps it for the file alone: the text goes to standard error.
  const toStdout = args.flent === '-' || args.trace?.file === '-';
  const text = toStdout ? process.stderr : process.stdout;
  const write = (p: string, data: string | Uint8Array): void => {
    if (p === '-') process.stdout.write(data);
    else writeFileSync(p, data);
  };
  try {
    // Sweeps and reference tables run their points on a pool of worker threads, one per core.
    return await runCli(
      args,
      args.merge
        ? (p) => readRegularFile(p, MAX_SHARD_FILE_BYTES, 'a shard file').toString('utf8')
        : (p) => readScenarioFile(p),
      (s) => void text.write(s),
      () => new SimPool(),
      {
        readBytes: (p) => new Uint8Array(readRegularFile(p, MAX_FLENT_FILE_BYTES, 'a Flent data file')),
        writeBytes: write,
        nowMs: () => Date.now(),
        producer: 'TSQ Lab (npm run sim)',
      },
      write,
    );
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 2;
  }
}
