/**
 * Every preset at full speed in the browser: the page opened on the preset
 * (`?v=2&preset=…`), the speed set to "as fast as possible", played for a
 * second to settle, then simulated seconds per wall second over a window
 * (the worker's clock, window.__tsq.nowNs). The target: faster than real time
 * for every preset, ≥ 10× for every preset whose bottleneck is at or below
 * 1 Gbit/s (the link, router or shaper rate; a WiFi preset's fastest
 * station's PHY rate).
 */
import type { Page } from 'playwright';
import { phyRateBps } from '../src/sim/model/wifi/phy/phy';
import type { PhyRate } from '../src/sim/model/wifi/types';
import { vhtHeRateBps } from '../src/sim/model/wifi/phy/vht-he';
import { PRESETS } from '../src/sim/scenario/presets/index';
import type { Scenario } from '../src/sim/scenario/scenario';

export interface PresetSpeed {
  preset: string;
  bottleneckBps: number;
  /** Simulated s per wall s at full speed over the window. */
  simPerWall: number;
  goal: number;
}

const SETTLE_MS = 1000;

/** The rate that bounds a preset: its slowest wired hop, or its fastest station's PHY rate. */
export function bottleneckBps(sc: Scenario): number {
  const rateOf = (r: PhyRate): number =>
    r.mode === 'he' || r.mode === 'vht' ? vhtHeRateBps(r) : phyRateBps(r);
  if (sc.wifi) return Math.max(...sc.wifi.stations.map((s) => rateOf(s.rate)));
  const rates = [sc.link.rateBps, sc.router?.rateBps, sc.shaper?.rateBps, sc.router?.shaper?.rateBps];
  return Math.min(...rates.filter((r): r is number => typeof r === 'number'));
}

export const speedGoal = (bps: number): number => (bps <= 1e9 ? 10 : 1);

export async function presetSpeeds(
  page: Page,
  base: string,
  windowMs: number,
  log: (s: string) => void,
): Promise<PresetSpeed[]> {
  const out: PresetSpeed[] = [];
  for (const p of PRESETS) {
    log(`  browser: ${p.id} at full speed, ${windowMs / 1000} s`);
    await page.goto(`${base.replace(/\/$/, '')}/?v=2&preset=${p.id}`);
    await page.waitForFunction(() => window.__tsq?.ready() === true, undefined, { timeout: 60_000 });
    await page.getByTestId('speed').selectOption('max');
    await page.evaluate(() => window.__tsq!.play());
    await page.waitForTimeout(SETTLE_MS);
    const t0 = await page.evaluate(() => [performance.now(), window.__tsq!.nowNs()]);
    await page.waitForTimeout(windowMs);
    const t1 = await page.evaluate(() => [performance.now(), window.__tsq!.nowNs()]);
    const bps = bottleneckBps(p.scenario());
    out.push({
      preset: p.id,
      bottleneckBps: bps,
      simPerWall: (t1[1] - t0[1]) / 1e9 / ((t1[0] - t0[0]) / 1000),
      goal: speedGoal(bps),
    });
  }
  return out;
}

export function presetSpeedTable(rows: PresetSpeed[]): string {
  const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '-');
  return [
    `${'browser, full speed'.padEnd(30)}${'bottleneck'.padStart(12)}${'sim/wall'.padStart(10)}${'goal'.padStart(8)}  met`,
    ...rows.map(
      (r) =>
        `${r.preset.padEnd(30)}${`${f(r.bottleneckBps / 1e6, 0)} M`.padStart(12)}${f(r.simPerWall, 2).padStart(10)}${`≥ ${r.goal}`.padStart(8)}  ${r.simPerWall >= r.goal ? 'yes' : 'NO'}`,
    ),
  ].join('\n');
}
