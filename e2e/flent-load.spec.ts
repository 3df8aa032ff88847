/**
 * Load measurement reads a Flent file in a worker: while a large file loads
 * (here a gzip bomb, stopped at the reader's 256 MB cap) the page shows its
 * progress and answers clicks, and Cancel ends the load, leaving the
 * measurement shown before. A file with a 50 MB TITLE loads, and the panel
 * shows the start of the title. Long main-thread tasks during each load are
 * recorded as annotations (measured, not asserted).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';
import type { TsqFlentHook } from '../src/app/flent/flent-hook';

declare const window: Window & { __tsq?: TsqTestHook; __tsqFlent?: TsqFlentHook; __longTasksMs?: number[] };

const FIXTURE = 'test/fixtures/flent/test-rtt-fair.flent.gz';
const dir = mkdtempSync(join(tmpdir(), 'tsq-flent-load-'));
const BOMB = join(dir, 'bomb.flent.gz');
const TITLE = join(dir, 'title.flent.gz');

test.beforeAll(() => {
  // 300 MB of zeros (~300 KB of gzip); its length field says 0, as a 4 GiB bomb's does (mod 2^32),
  // so the reader inflates it up to the cap.
  const bomb = gzipSync(Buffer.alloc(300 * 1024 * 1024), { level: 9 });
  bomb.writeUInt32LE(0, bomb.length - 4);
  writeFileSync(BOMB, bomb);
  const json = JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString()) as { metadata: { TITLE: string } };
  json.metadata.TITLE = `big title ${'x'.repeat(50 * 1024 * 1024)}`;
  writeFileSync(TITLE, gzipSync(JSON.stringify(json)));
});

async function openRun(page: Page): Promise<void> {
  await page.goto('/?preset=bench-wired');
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => {
    window.__longTasksMs = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__longTasksMs!.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: false });
  });
}

const longTasks = async (page: Page, what: string) => {
  const ms = await page.evaluate(() => window.__longTasksMs!.splice(0));
  test.info().annotations.push({
    type: 'long tasks',
    description: `${what}: ${ms.length} over 50 ms, longest ${Math.max(0, ...ms)} ms`,
  });
};

test('a bomb loads in the worker: the page answers clicks and shows progress, and Cancel ends the load', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openRun(page);
  await page.getByTestId('measurement-file').setInputFiles(FIXTURE);
  await page.waitForFunction(() => window.__tsqFlent?.measured() !== null);
  await longTasks(page, 'rtt_fair fixture');

  await page.getByTestId('measurement-file').setInputFiles(BOMB);
  const progress = page.getByTestId('measurement-progress');
  await expect(progress).toContainText(/Decompressing: .* MB out/);
  // The page handles a click while the worker inflates.
  const play = page.getByTestId('play');
  const before = await play.textContent();
  await play.click();
  await expect(play).not.toHaveText(before!);
  await expect(progress).toBeVisible();
  await page.getByTestId('cancel-measurement').click();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('measured-error')).toContainText('bomb.flent.gz: loading was cancelled');
  expect((await page.evaluate(() => window.__tsqFlent!.measured()))!.fileName).toBe('test-rtt-fair.flent.gz');

  // Not cancelled, the bomb is refused at the cap, and the measurement before stays.
  await page.getByTestId('measurement-file').setInputFiles(BOMB);
  await expect(page.getByTestId('measured-error')).toContainText(
    'bomb.flent.gz: the file decompresses to more than 256 MB',
    { timeout: 60_000 },
  );
  await expect(progress).toHaveCount(0);
  expect((await page.evaluate(() => window.__tsqFlent!.measured()))!.fileName).toBe('test-rtt-fair.flent.gz');
  await longTasks(page, 'bomb (300 MB of zeros, refused at 256 MB)');
  expect(errors).toEqual([]);
});

test('a file with a 50 MB TITLE loads, and the panel shows the start of the title', async ({ page }) => {
  const errors = collectErrors(page);
  await openRun(page);
  await page.getByTestId('measurement-file').setInputFiles(TITLE);
  await page.waitForFunction(() => window.__tsqFlent?.measured() !== null, undefined, { timeout: 60_000 });
  await longTasks(page, '50 MB TITLE');
  const what = (await page.locator('.measured-what').textContent())!;
  expect(what).toContain('rtt_fair_up — big title xxx');
  expect(what.length).toBeLessThan(400);
  await expect(page.getByTestId('measurement-progress')).toHaveCount(0);
  expect(errors).toEqual([]);
});
