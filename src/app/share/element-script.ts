/**
 * The script URL the element snippet names. By default the serving site's
 * own copy, lib/tsq-lab.js beside the app (every build of the static site
 * carries it), so a pasted snippet loads from wherever the app runs; a
 * build may name another with VITE_TSQ_LAB_ELEMENT_URL (absolute, or
 * relative to the app; docs/hosting.md). The package CDN form
 * (CDN_ELEMENT_URL) is only offered as an option, for when the package is
 * published: every 1.x element reads the links and attributes any 1.x writes.
 */
import { TSQ_LAB_VERSION } from '../../sim/version';

export const ELEMENT_MAJOR = TSQ_LAB_VERSION.split('.')[0];

/** The site's own copy, relative to the app's folder. */
export const DEFAULT_ELEMENT_URL = 'lib/tsq-lab.js';

/** The npm package's element under its major version on a public CDN (once the package is published). */
export const CDN_ELEMENT_URL = `https://unpkg.com/tsq-lab@${ELEMENT_MAJOR}/dist-element/tsq-lab.js`;

/** The snippet's script URL (`configured`: the build's VITE_TSQ_LAB_ELEMENT_URL), resolved against the app's folder `appBase`. */
export function elementScriptUrl(appBase: string, configured: string | undefined): string {
  return new URL(configured?.trim() || DEFAULT_ELEMENT_URL, appBase).toString();
}
