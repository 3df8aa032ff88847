/** The one build-time variable the core's hosts read (see test-faults.ts); Vite replaces it in builds. */
declare global {
  interface ImportMetaEnv {
    readonly VITE_TSQ_TEST_FAULTS?: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}
export {};
