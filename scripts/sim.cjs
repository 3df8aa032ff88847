// `npm run sim`: runs the bundled CLI (dist-cli/tsq-lab.cjs), building it
// first when it is missing or older than its sources (scripts/build-cli.mjs),
// so an edit to src/ is always what runs. The bundle runs in this process:
// one Node start-up, not two. CommonJS, as the bundle is: Node's ES module
// loader starts only when a build is needed.
const { CLI_BUNDLE, isStale } = require('./cli-files.cjs');

if (isStale()) {
  process.stderr.write('building the CLI bundle (dist-cli/) …\n');
  import('./build-cli.mjs')
    .then((m) => m.buildCli())
    .then(() => require(CLI_BUNDLE))
    .catch((e) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    });
} else require(CLI_BUNDLE);
