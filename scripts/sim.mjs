// `npm run sim`: runs the bundled CLI (dist-cli/tsq-lab.cjs), building it
// first when it is missing or older than its sources (scripts/build-cli.mjs),
// so an edit to src/ is always what runs. The bundle is imported into this
// process: one Node start-up, not two.
import { pathToFileURL } from 'node:url';
import { buildCli, CLI_BUNDLE, isStale } from './build-cli.mjs';

if (isStale()) {
  process.stderr.write('building the CLI bundle (dist-cli/) …\n');
  await buildCli();
}
await import(pathToFileURL(CLI_BUNDLE).href);
