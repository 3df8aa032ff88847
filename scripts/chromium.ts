/**
 * How the tests, the benchmark and the screenshot script launch Chromium:
 * Debian's package (browser downloads are not used), headless, with the
 * background services that would add network traffic and CPU noise off.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
