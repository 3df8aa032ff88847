/**
 * Where the wall time of a long task went. A task is "long" by its wall
 * time, and on a shared machine a 20 ms frame becomes a 60 ms one when
 * another process holds the core for 40 ms. The kernel keeps, per thread,
 * the time it ran on a CPU and the time it waited runnable on a run queue
 * (/proc/<pid>/task/<tid>/schedstat, Linux). Sampled every few ms, the
 * two split each long task into its time on the CPU, its time waiting for a
 * core, and the rest (asleep: the thread blocked on something).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from '@playwright/test';

export interface TaskSplit {
  cpuMs: number;
  /** Runnable, waiting for a core another thread held. */
  waitMs: number;
  /** Neither: blocked (or the sampler's error). */
  otherMs: number;
}

const SAMPLE_EVERY_MS = 4;

/**
 * The renderer processes that can hold the page (dedicated workers are their threads); the
 * browser's own WebUI renderer is left out. Which one is the page's shows in their CPU time.
 */
export async function rendererPids(browser: Browser): Promise<number[]> {
  const bs = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await bs.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    return processInfo
      .filter((p) => p.type === 'renderer')
      .map((p) => p.id)
      .filter((pid) => {
        try {
          return !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--top-chrome-webui');
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  } finally {
    await bs.detach();
  }
}

/** Samplers of each pid's main thread, started; the one that ran the most is the page's. */
export function sampleBusiest(pids: number[]): { stop: () => SchedSampler | null } {
  const all = pids.map((pid) => new SchedSampler(pid)).filter((s) => s.start());
  return {
    stop: () => {
      for (const s of all) s.stop();
      return all.sort((a, b) => b.cpuNsSampled() - a.cpuNsSampled())[0] ?? null;
    },
  };
}

/**
 * The page's performance.now() minus Node's at the same instant (ms), from the round trip with
 * the least delay: a page time t is Node time t − offset. (Each clock counts from its own
 * origin: the page's from its navigation.)
 */
export async function pageClockOffset(page: Page): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 7; i++) {
    const a = performance.now();
    const p = await page.evaluate(() => performance.now());
    const b = performance.now();
    if (b - a < best.rtt) best = { rtt: b - a, offset: p - (a + b) / 2 };
  }
  return best.offset;
}

export class SchedSampler {
  private atMs: number[] = [];
  private cpuNs: number[] = [];
  private waitNs: number[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  /** `pid`: the process whose main thread (thread id = pid) is sampled; `read` and `now` for tests. */
  constructor(
    pid: number,
    private readonly read: () => string = () => readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8'),
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** False when the kernel does not expose schedstat (not Linux, or the process is gone). */
  start(): boolean {
    if (!this.sample()) return false;
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
    return true;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** CPU time of the thread between the first and the last sample. */
  cpuNsSampled(): number {
    const n = this.cpuNs.length;
    return n ? this.cpuNs[n - 1] - this.cpuNs[0] : 0;
  }

  /** Reads the counters once (the interval calls it; public for tests). */
  sample(): boolean {
    let text: string;
    try {
      text = this.read();
    } catch {
      return false;
    }
    const [cpu, wait] = text.split(' ').map(Number);
    if (!Number.isFinite(cpu) || !Number.isFinite(wait)) return false;
    this.atMs.push(this.now());
    this.cpuNs.push(cpu);
    this.waitNs.push(wait);
    return true;
  }

  /** A counter at Node time `tMs`, interpolated between the samples around it (NaN outside them). */
  private at(series: number[], tMs: number): number {
    const t = this.atMs;
    let lo = 0;
    let hi = t.length - 1;
    if (hi < 0 || tMs < t[0] || tMs > t[hi]) return NaN;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (t[mid] <= tMs) lo = mid;
      else hi = mid;
    }
    const f = t[hi] === t[lo] ? 0 : (tMs - t[lo]) / (t[hi] - t[lo]);
    return series[lo] + f * (series[hi] - series[lo]);
  }

  /** The split of [startMs, startMs + durationMs] in Node's clock; null outside the sampled span. */
  split(startMs: number, durationMs: number): TaskSplit | null {
    const end = startMs + durationMs;
    const cpuMs = (this.at(this.cpuNs, end) - this.at(this.cpuNs, startMs)) / 1e6;
    const waitMs = (this.at(this.waitNs, end) - this.at(this.waitNs, startMs)) / 1e6;
    if (!Number.isFinite(cpuMs) || !Number.isFinite(waitMs)) return null;
    return { cpuMs, waitMs, otherMs: Math.max(0, durationMs - cpuMs - waitMs) };
  }
}
