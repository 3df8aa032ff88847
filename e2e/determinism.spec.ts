/**
 * One seed, two engines: each preset (and one with overrides from a link)
 * runs a fixed simulated span in Node, here in the test process, and in
 * Chromium's worker through the app (paused, stepped exactly that span), and
 * the two summaries must be identical, byte for byte as JSON.
 */
import { test, expect, type Page } from '@playwright/test';
import type { TsqTestHook } from '../src/app/test-hook-types';
import { createSim, listPresets } from '../src/sim/index';
import type { ParamValue, Summary } from '../src/sim/api';

declare const window: Window & { __tsq?: TsqTestHook };

const SEED = 4242;
const SPAN_NS = 250e6;

function nodeSummary(presetId: string, overrides: Record<string, ParamValue>): string {
  const r = createSim(presetId, overrides, SEED);
  if (!r.ok) throw new Error(r.error);
  r.sim.runUntil(SPAN_NS);
  return JSON.stringify(r.sim.summary());
}

async function browserSummary(page: Page, query: string): Promise<string> {
  await page.goto(`/?${query}&seed=${SEED}`);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  expect(await page.evaluate(() => window.__tsq!.seed())).toBe(SEED);
  expect(await page.evaluate(() => window.__tsq!.nowNs())).toBe(0);
  await page.evaluate((ns) => window.__tsq!.step(ns), SPAN_NS);
  await page.waitForFunction((ns) => window.__tsq!.nowNs() >= ns, SPAN_NS);
  const s = (await page.evaluate(() => window.__tsq!.summary())) as Summary;
  return JSON.stringify(s);
}

const cases: { name: string; presetId: string; query: string; overrides: Record<string, ParamValue> }[] = [
  ...listPresets().map((p) => ({ name: p.id, presetId: p.id, query: `preset=${p.id}`, overrides: {} })),
  {
    name: 'bench-wired with overrides from a link',
    presetId: 'bench-wired',
    query: 'preset=bench-wired&tcp.sk_pacing_shift=7&tcp.tcp_limit_output_bytes=128K',
    overrides: { 'tcp.sk_pacing_shift': 7, 'tcp.tcp_limit_output_bytes': 131072 },
  },
];

for (const c of cases) {
  test(`${c.name}: Node and Chromium give the same summary for seed ${SEED}`, async ({ page }) => {
    const node = nodeSummary(c.presetId, c.overrides);
    const browser = await browserSummary(page, c.query);
    expect(await page.evaluate(() => window.__tsq!.overrides())).toEqual(c.overrides);
    expect(browser).toBe(node);
    expect(JSON.parse(node).events).toBeGreaterThan(100);
  });
}
