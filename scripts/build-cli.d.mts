/** Types of scripts/build-cli.mjs (the CLI bundle), for the TypeScript that imports it. */
export const OUT_DIR: string;
export const CLI_BUNDLE: string;
export const WORKER_BUNDLE: string;
export const CORE_BUNDLE: string;
/** V8's code cache of CORE_BUNDLE. */
export const CODE_CACHE: string;
/** Every file the command needs (the code cache is not one). */
export const CLI_FILES: string[];
/** True when a bundle is missing or older than one of its sources. */
export function isStale(): boolean;
export function buildCli(): Promise<void>;
