/**
 * The <tsq-lab> element as a host page's script sees it: the published
 * types of `tsq-lab/element` (scripts/build-package.mjs emits this file's
 * declarations into the package). The element class implements it.
 *
 *   import 'tsq-lab/element';
 *   const lab = document.querySelector('tsq-lab')!; // TsqLabElement
 *   lab.addEventListener('tsq-lab-ready', () => lab.pause());
 */
export interface TsqLabElement extends HTMLElement {
  /** Loaded and drawing. */
  readonly ready: boolean;
  /** Simulated time so far, ns. */
  readonly simulatedNs: number;
  /** True while the simulation plays. */
  readonly running: boolean;
  /** The knob values of the running scene, by scenario path. */
  values(): Record<string, unknown>;
  play(): void;
  pause(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'tsq-lab': TsqLabElement;
  }
  interface HTMLElementEventMap {
    /** Fired (bubbling, composed) when an element has loaded its scene. */
    'tsq-lab-ready': CustomEvent<undefined>;
  }
}
