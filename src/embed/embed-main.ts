/**
 * The embed page (embed.html, for iframes): one <tsq-lab> filling the frame,
 * configured by the page's own share-link query. Same origin as the app, so
 * it starts the worker from its file like the explorer does.
 */
import { defineTsqLab } from './tsq-lab-element';
import './embed-page.css';

defineTsqLab(
  () => new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' }),
  () => new URL('./', location.href).toString(),
);

const lab = document.createElement('tsq-lab');
lab.setAttribute('fill', '');
lab.setAttribute('query', location.search);
document.getElementById('root')?.append(lab);
