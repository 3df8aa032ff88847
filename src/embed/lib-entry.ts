/**
 * The <tsq-lab> library build (vite.embed.config.ts → dist/lib/tsq-lab.js):
 * one module script a static page includes. The simulation worker is
 * inlined (started from a blob URL), so the script needs nothing else from
 * its server and works from any origin.
 */
import SimWorker from '../worker/sim.worker.ts?worker&inline';
import { defineTsqLab } from './tsq-lab-element';

// The script lives at <app>/lib/tsq-lab.js: the app is one folder up. Read
// through a variable so the bundler does not treat it as an asset reference.
const scriptUrl = import.meta.url;

defineTsqLab(
  () => new SimWorker(),
  () => new URL('..', scriptUrl).toString(),
);
