/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time: the element snippet's script URL, for a site that hosts the element itself (docs/hosting.md). */
  readonly VITE_TSQ_LAB_ELEMENT_URL?: string;
}
