/**
 * The script URL the element snippet names: one that keeps working while
 * this site changes. By default the npm package's element under its major
 * version on a public CDN — every 1.x element reads the links and attributes
 * any 1.x writes (a newer minor's unknown fields are ignored with a notice) —
 * or, for a site that hosts the file itself, VITE_TSQ_LAB_ELEMENT_URL at
 * build time (absolute, or relative to the app; docs/hosting.md).
 */
import { TSQ_LAB_VERSION } from '../../sim/version';

export const ELEMENT_MAJOR = TSQ_LAB_VERSION.split('.')[0];

export const DEFAULT_ELEMENT_URL = `https://unpkg.com/tsq-lab@${ELEMENT_MAJOR}/dist-element/tsq-lab.js`;

/** The snippet's script URL (`configured`: the build's VITE_TSQ_LAB_ELEMENT_URL), resolved against the app's folder `appBase`. */
export function elementScriptUrl(appBase: string, configured: string | undefined): string {
  return new URL(configured?.trim() || DEFAULT_ELEMENT_URL, appBase).toString();
}
