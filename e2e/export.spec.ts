/**
 * Exports end to end: a chart as PNG and SVG, the run's series and summary
 * as CSV and JSON, the scenario as JSON loaded back by the file picker and by
 * drag and drop, and a bad scenario file refused with messages naming each
 * field while the running simulation carries on untouched.
 */
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { collectErrors } from './page-errors';
import type { TsqTestHook } from '../src/app/test-hook-types';

declare const window: Window & { __tsq?: TsqTestHook };

const PRESET = 'ath9k-pacing-shift';

async function openRun(page: Page): Promise<void> {
  await page.goto(`/?preset=${PRESET}`);
  await page.waitForFunction(() => window.__tsq?.ready() === true);
  await page.evaluate(() => window.__tsq!.setParam('tcp.sk_pacing_shift', 8));
  await page.waitForFunction(() => window.__tsq!.overrides()['tcp.sk_pacing_shift'] === 8);
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.sampleCount() >= 150);
  await page.evaluate(() => window.__tsq!.pause());
  await expect(page.getByTestId('play')).toHaveText('Play');
}

/** Clicks an item of the Export menu and returns the downloaded file's name and bytes. */
async function exportItem(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const menu = page.getByTestId('export-menu');
  if (!(await page.getByTestId(testId).isVisible())) await menu.click();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), bytes: readFileSync(path) };
}

test('charts export as PNG and SVG; series and summary as CSV and JSON', async ({ page }) => {
  const errors = collectErrors(page);
  await openRun(page);

  const png = await exportItem(page, 'export-png-occupancy');
  expect(png.name).toBe(`tsq-lab-${PRESET}-occupancy.png`);
  expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.bytes.readUInt32BE(16);
  const height = png.bytes.readUInt32BE(20);
  expect(width).toBe(1920);
  expect(height).toBeGreaterThan(400);
  // Not a blank image: decode it in the page and count distinct colours.
  const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < px.length; i += 4 * 97) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
    return seen.size;
  }, png.bytes.toString('base64'));
  expect(colours).toBeGreaterThan(8);

  const svg = await exportItem(page, 'export-svg-occupancy');
  expect(svg.name).toBe(`tsq-lab-${PRESET}-occupancy.svg`);
  const text = svg.bytes.toString('utf8');
  expect(text).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(text).toContain('Queue occupancy');
  // True vectors: the data are paths, and there is no embedded picture.
  expect(text).not.toContain('<image');
  expect(text.match(/<path /g)?.length ?? 0).toBeGreaterThan(5);
  expect(text).toMatch(/class="tick"/);
  expect(text).toMatch(/time \((s|ms|µs)\)/);
  expect(text).toContain('tcp.sk_pacing_shift=8');
  expect(text).toMatch(/TSQ Lab \d+\.\d+\.\d+/);
  // The SVG stands alone: it parses as XML.
  expect(
    await page.evaluate(
      (t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror'),
      text,
    ),
  ).toBeNull();

  const rows = await page.evaluate(() => window.__tsq!.sampleCount());
  const csv = (await exportItem(page, 'export-series-csv')).bytes.toString('utf8').trim().split('\n');
  expect(csv[0].split(',')[0]).toBe('t_ns');
  expect(csv[0]).toContain('occ.qdisc');
  expect(csv.length - 1).toBe(rows);
  expect(csv[1].split(',')).toHaveLength(csv[0].split(',').length);

  const summaryCsv = (await exportItem(page, 'export-summary-csv')).bytes.toString('utf8');
  expect(summaryCsv.split('\n')[0]).toBe('metric,unit,value');
  expect(summaryCsv).toMatch(/^goodput,bit\/s,\d/m);

  const run = JSON.parse((await exportItem(page, 'export-run-json')).bytes.toString('utf8'));
  expect(run).toMatchObject({
    format: 'tsq-lab/run',
    version: 1,
    preset: PRESET,
    seed: 1,
    set: { 'tcp.sk_pacing_shift': 8 },
  });
  expect(run.samples.t_ns).toHaveLength(rows);
  expect(run.series.map((s: { key: string }) => s.key)).toContain('occ.qdisc');
  expect(run.summary.goodputBps).toBeGreaterThan(0);
  expect(run.changes).toEqual([{ tNs: 0, key: 'tcp.sk_pacing_shift', from: 10, to: 8 }]);
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved series and summary (JSON).' }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test('a figure of chosen panels over the whole run: vector paths, a caption with provenance, PNG at 3×', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openRun(page);
  await page.getByTestId('export-menu').click();
  for (const p of ['aggregates', 'latency', 'tcp']) await page.getByTestId(`figure-panel-${p}`).uncheck();
  await page.getByTestId('figure-range').selectOption('run');
  const svg = (await exportItem(page, 'export-figure-svg')).bytes.toString('utf8');
  const doc = await page.evaluate((t) => {
    const d = new DOMParser().parseFromString(t, 'image/svg+xml');
    const paths = Array.from(d.querySelectorAll('path')).filter(
      (p) => (p.getAttribute('d') ?? '').length > 40,
    );
    return {
      error: d.querySelector('parsererror') !== null,
      images: d.querySelectorAll('image').length,
      dataPaths: paths.length,
      text: d.documentElement.textContent ?? '',
      width: Number(d.documentElement.getAttribute('width')),
      height: Number(d.documentElement.getAttribute('height')),
    };
  }, svg);
  expect(doc.error).toBe(false);
  expect(doc.images).toBe(0);
  expect(doc.dataPaths).toBeGreaterThan(4);
  expect(doc.text).toContain('Queue occupancy');
  expect(doc.text).toContain('Throughput');
  expect(doc.text).not.toContain('A-MPDU aggregates');
  expect(doc.text).toContain('preset ath9k-pacing-shift');
  expect(doc.text).toContain('seed 1');
  expect(doc.text).toContain('(the whole run)');
  expect(doc.text).toMatch(/TSQ Lab \d+\.\d+\.\d+/);
  const png = await exportItem(page, 'export-figure-png3');
  expect(png.name).toBe(`tsq-lab-${PRESET}-figure@3x.png`);
  expect(png.bytes.readUInt32BE(16)).toBe(doc.width * 3);
  expect(png.bytes.readUInt32BE(20)).toBe(doc.height * 3);
  expect(errors).toEqual([]);
});

test('the scenario exports and loads back by file picker and by drag and drop; a bad file changes nothing', async ({
  page,
}, info) => {
  const errors = collectErrors(page);
  await openRun(page);
  await page.getByTestId('seed').fill('5');
  await page.getByTestId('seed').press('Enter');
  await page.waitForFunction(() => window.__tsq!.seed() === 5 && window.__tsq!.ready());
  const saved = await exportItem(page, 'export-scenario');
  expect(saved.name).toBe(`tsq-lab-${PRESET}-scenario.json`);
  const doc = JSON.parse(saved.bytes.toString('utf8'));
  expect(doc).toMatchObject({
    format: 'tsq-lab/scenario',
    version: 1,
    preset: PRESET,
    seed: 5,
    set: { 'tcp.sk_pacing_shift': 8 },
  });
  const file = info.outputPath('scenario.json');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, saved.bytes);
  await page.keyboard.press('Escape');

  // Somewhere else entirely: another preset, another seed.
  await page.evaluate(() => window.__tsq!.loadPreset('xen-tsq-limit'));
  await page.getByTestId('seed').fill('9');
  await page.getByTestId('seed').press('Enter');
  await page.waitForFunction(
    () => window.__tsq!.seed() === 9 && window.__tsq!.presetId() === 'xen-tsq-limit',
  );

  // File picker.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('import-scenario').click(),
  ]);
  await chooser.setFiles(file);
  const notice = page.getByTestId('share-notice');
  await expect(notice).toHaveAttribute('data-kind', 'info');
  await expect(notice).toContainText('scenario.json');
  await expect(notice).toContainText('seed 5, 1 parameter set');
  await page.waitForFunction(() => window.__tsq!.ready());
  expect(await page.evaluate(() => window.__tsq!.presetId())).toBe(PRESET);
  expect(await page.evaluate(() => window.__tsq!.seed())).toBe(5);
  expect(await page.evaluate(() => window.__tsq!.values()['tcp.sk_pacing_shift'])).toBe(8);
  await expect(page.getByTestId('seed')).toHaveValue('5');

  // A bad file: every problem named by field; the run goes on as it was.
  await page.evaluate(() => window.__tsq!.play());
  await page.waitForFunction(() => window.__tsq!.nowNs() > 50e6);
  const before = await page.evaluate(() => ({ v: window.__tsq!.values(), t: window.__tsq!.nowNs() }));
  const bad = {
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'tsq-lab/scenario',
        version: 1,
        preset: PRESET,
        seed: 2,
        set: { 'tcp.sk_pacing_shift': 99, 'tcp.cc': 'vegas', 'no.such': 1 },
      }),
    ),
  };
  const [chooser2] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('import-scenario').click(),
  ]);
  await chooser2.setFiles(bad);
  await expect(notice).toHaveAttribute('data-kind', 'error');
  await expect(notice).toContainText('bad.json was not loaded; the explorer kept the current run');
  await expect(notice).toContainText(
    'set.tcp.sk_pacing_shift = 99 is not allowed: expected an integer from 0 to 20',
  );
  await expect(notice).toContainText('set.tcp.cc = "vegas" is not allowed: expected one of reno, cubic, bbr');
  await expect(notice).toContainText('set.no.such is not a field of this scenario');
  expect(await page.evaluate(() => window.__tsq!.values())).toEqual(before.v);
  expect(await page.evaluate(() => window.__tsq!.seed())).toBe(5);
  // Not restarted: the clock kept going from where it was.
  expect(await page.evaluate(() => window.__tsq!.nowNs())).toBeGreaterThanOrEqual(before.t);
  await page.evaluate(() => window.__tsq!.pause());

  // Not JSON at all.
  const [chooser3] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('import-scenario').click(),
  ]);
  await chooser3.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(notice).toContainText('notes.txt was not loaded');
  await expect(notice).toContainText('the file is not valid JSON');

  // Drag and drop the good file onto the page, from another preset again.
  await page.evaluate(() => window.__tsq!.loadPreset('xen-tsq-limit'));
  await page.waitForFunction(() => window.__tsq!.presetId() === 'xen-tsq-limit');
  const dt = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    return d;
  }, saved.bytes.toString('utf8'));
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: dt });
  await expect(page.locator('.drop-overlay')).toBeVisible();
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  await expect(page.locator('.drop-overlay')).toHaveCount(0);
  await expect(notice).toContainText('dropped.json');
  await expect(notice).toHaveAttribute('data-kind', 'info');
  await page.waitForFunction(
    () => window.__tsq!.presetId() === 'ath9k-pacing-shift' && window.__tsq!.ready(),
  );
  expect(await page.evaluate(() => window.__tsq!.values()['tcp.sk_pacing_shift'])).toBe(8);
  expect(errors).toEqual([]);
});
