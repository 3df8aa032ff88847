/** Rewrites test/golden/*.json from the current model (review the diff before committing). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { goldenRuns } from '../test/golden-runs';

mkdirSync('test/golden', { recursive: true });
for (const g of goldenRuns()) {
  writeFileSync(`test/golden/${g.preset}.json`, JSON.stringify(g, null, 2) + '\n');
  console.log(`${g.preset}: ${g.goodputMbps} Mbit/s, ${g.events} events`);
}
