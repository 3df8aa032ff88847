import { describe, expect, it } from 'vitest';
import pkg from '../../../package.json';
import { CDN_ELEMENT_URL, DEFAULT_ELEMENT_URL, ELEMENT_MAJOR, elementScriptUrl } from './element-script';
import { elementSnippet } from './embed-snippet';

describe('the element snippet’s script URL', () => {
  it('is the serving site’s own lib/tsq-lab.js by default, since the package may not be published', () => {
    expect(DEFAULT_ELEMENT_URL).toBe('lib/tsq-lab.js');
    expect(elementScriptUrl('https://lab.example/tsq/', undefined)).toBe(
      'https://lab.example/tsq/lib/tsq-lab.js',
    );
  });

  it('offers the package’s major version on a CDN as an option', () => {
    expect(ELEMENT_MAJOR).toBe(pkg.version.split('.')[0]);
    expect(CDN_ELEMENT_URL).toBe(`https://unpkg.com/tsq-lab@${ELEMENT_MAJOR}/dist-element/tsq-lab.js`);
    // The file the URL names is the one the package ships as tsq-lab/element.
    expect(pkg.exports['./element'].default).toBe('./dist-element/tsq-lab.js');
    expect(pkg.files).toContain('dist-element/tsq-lab.js');
  });

  it('is the site’s own copy when the build says so, relative to the app or absolute', () => {
    expect(elementScriptUrl('https://lab.example/tsq/', 'lib/tsq-lab.js')).toBe(
      'https://lab.example/tsq/lib/tsq-lab.js',
    );
    expect(elementScriptUrl('https://lab.example/tsq/', 'https://cdn.example/tsq-lab/1.2.0/tsq-lab.js')).toBe(
      'https://cdn.example/tsq-lab/1.2.0/tsq-lab.js',
    );
    expect(elementScriptUrl('https://lab.example/tsq/', '  ')).toBe('https://lab.example/tsq/lib/tsq-lab.js');
  });

  it('goes into a snippet whose "Open in TSQ Lab" link comes back to the app that wrote it', () => {
    const html = elementSnippet(
      elementScriptUrl('https://lab.example/tsq/', undefined),
      { presetId: 'xen-tsq-limit', set: {} },
      { panels: ['occupancy'], controls: [], heightPx: 300, title: 't', appUrl: 'https://lab.example/tsq/' },
    );
    expect(html).toBe(
      `<script type="module" src="https://lab.example/tsq/lib/tsq-lab.js"></script>\n<tsq-lab preset="xen-tsq-limit" panels="occupancy" app-url="https://lab.example/tsq/"></tsq-lab>`,
    );
  });
});
