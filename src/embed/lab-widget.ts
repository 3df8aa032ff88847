/**
 * The widget itself: a small live figure (title, play/pause, the chosen
 * controls, the chosen panels on one time axis, headline numbers and a link
 * to the full app at the same state), rendered into a shadow root.
 */
import { readChartTheme } from '../app/charts/chart-theme';
import { buildTracks } from '../app/charts/tracks';
import { formatNs } from '../app/format';
import { metricLabel, metricText, summaryMetric } from '../app/summary-metrics';
import {
  encodeShareState,
  formatParamValue,
  noticeText,
  type EmbedTheme,
  type ShareNotice,
  type ShareState,
} from '../app/share/url-state';
import type { Panel } from '../worker/protocol';
import { el } from './el';
import { LabRuntime } from './lab-runtime';
import { mountStack } from './widget-charts';
import { findKnob, mountControl, type MountedControl } from './widget-controls';

export const DEFAULT_PANELS: Panel[] = ['occupancy', 'throughput'];

export interface WidgetOptions {
  state: ShareState;
  /** URL of the full app (its index.html folder). */
  appUrl: string;
  /** Take the container's height (the embed page) instead of each panel's own. */
  fill: boolean;
  notices: ShareNotice[];
}

export class LabWidget {
  readonly runtime: LabRuntime;
  readonly root: HTMLElement;
  private readonly charts: HTMLElement;
  private readonly controls: HTMLElement;
  private readonly notice: HTMLElement;
  private readonly title: HTMLElement;
  private readonly playBtn: HTMLButtonElement;
  private readonly summary: HTMLDListElement;
  private readonly link: HTMLAnchorElement;
  private readonly seedText: HTMLElement;
  private unmountCharts: (() => void)[] = [];
  private mounted: MountedControl[] = [];
  private theme: EmbedTheme = 'light';
  private loaded = false;
  /** Set when the user paused: scrolling back into view must not resume. */
  userPaused = false;

  constructor(
    parent: ShadowRoot | HTMLElement,
    worker: Worker,
    private readonly opts: WidgetOptions,
  ) {
    this.runtime = new LabRuntime(worker);
    this.root = el('figure', 'lab');
    this.root.setAttribute('aria-label', 'TSQ Lab simulation');
    const head = el('div', 'head');
    this.title = el('p', 'title', 'TSQ Lab');
    this.playBtn = el('button', 'primary', 'Play');
    this.playBtn.type = 'button';
    this.playBtn.disabled = true;
    this.playBtn.addEventListener('click', () => {
      if (this.runtime.running) {
        this.userPaused = true;
        this.runtime.pause();
      } else {
        this.userPaused = false;
        this.runtime.play();
      }
    });
    const reset = el('button', undefined, 'Reset');
    reset.type = 'button';
    reset.title = 'Restart at t = 0 with these values and seed';
    reset.addEventListener('click', () => void this.runtime.reset());
    const clock = el('output', 'clock', '0 ns');
    clock.setAttribute('aria-label', 'Simulated time');
    head.append(this.title, this.playBtn, reset, clock);
    this.notice = el('div', 'notice');
    this.notice.setAttribute('role', 'status');
    this.notice.hidden = true;
    this.controls = el('div', 'controls');
    this.controls.setAttribute('role', 'group');
    this.controls.setAttribute('aria-label', 'Parameters');
    this.charts = el('div', 'charts');
    this.summary = el('dl', 'summary');
    const foot = el('div', 'foot');
    this.seedText = el('span', undefined, 'Simulated in your browser');
    this.link = el('a', undefined, 'Open in TSQ Lab');
    this.link.target = '_blank';
    this.link.rel = 'noopener';
    this.link.href = opts.appUrl;
    foot.append(this.seedText, this.link);
    this.root.append(head, this.notice, this.controls, this.charts, this.summary, foot);
    parent.append(this.root);
    this.showNotices(opts.notices);
    this.runtime.scheduler.add((s) => {
      const t = formatNs(s.nowNs);
      if (clock.textContent !== t) clock.textContent = t;
    });
    this.runtime.on((e) => {
      if (e === 'status') this.playBtn.textContent = this.runtime.running ? 'Pause' : 'Play';
      if (e === 'summary') this.renderSummary();
      if (e === 'values') {
        this.mounted.forEach((c) => c.sync());
        this.updateLink();
      }
    });
  }

  get ready(): boolean {
    return this.loaded && this.runtime.frames > 0;
  }

  async start(): Promise<void> {
    const notices = await this.runtime.start(this.opts.state);
    const rt = this.runtime;
    if (!rt.presetId) {
      this.showNotices([...this.opts.notices, ...notices]);
      return;
    }
    const preset = rt.presets.find((p) => p.id === rt.presetId);
    this.title.textContent = preset?.title ?? rt.presetId;
    this.root.setAttribute('aria-label', `TSQ Lab simulation: ${preset?.title ?? rt.presetId}`);
    const missing: ShareNotice[] = [];
    const knobs = (this.opts.state.controls ?? []).flatMap((name) => {
      const spec = findKnob(rt.params, name);
      if (!spec)
        missing.push({ field: 'controls', value: name, reason: `is not a parameter of ${rt.presetId}` });
      return spec ? [spec] : [];
    });
    this.mounted = knobs.map((spec) => mountControl(this.controls, spec, rt));
    this.controls.hidden = !knobs.length;
    this.showNotices([...this.opts.notices, ...notices, ...missing]);
    this.loaded = true;
    this.playBtn.disabled = false;
    this.renderCharts();
    this.updateLink();
  }

  setTheme(t: EmbedTheme): void {
    if (t === this.theme && this.root.classList.contains(t)) return;
    this.theme = t;
    this.root.classList.toggle('dark', t === 'dark');
    this.root.classList.toggle('light', t === 'light');
    // Track colours are read from the theme when tracks are built.
    if (this.loaded) this.renderCharts();
  }

  private renderCharts(): void {
    this.unmountCharts.forEach((f) => f());
    const rt = this.runtime;
    const panels = this.opts.state.panels?.length ? this.opts.state.panels : DEFAULT_PANELS;
    const theme = readChartTheme(this.root);
    // Point panels are shown from the start when asked for, so the layout does not jump.
    const tracks = buildTracks(
      rt.series,
      theme,
      { agg: panels.includes('aggregates'), ping: panels.includes('latency') },
      rt.stations,
    ).filter((t) => panels.includes(t.panel));
    this.unmountCharts = [mountStack(this.charts, tracks, rt, theme, { fill: this.opts.fill })];
    rt.scheduler.invalidate(true);
  }

  private renderSummary(): void {
    const s = this.runtime.summary;
    if (!s) return;
    // Shown and labelled as in the app: pooled medians at several stations, the wired sender's TSQ limit at an AP.
    const keys = ['goodput_bps', 'median_latency_ms', 'tsq_limit_bytes'];
    if (Number.isFinite(s.medianAggregate) && s.medianAggregate > 0) keys.push('median_aggregate');
    const items = keys.map(summaryMetric).map((m) => [metricLabel(m, s), metricText(m, s)] as const);
    items.forEach(([k, v], i) => {
      let row = this.summary.children[i];
      if (row === undefined) {
        row = el('div');
        row.append(el('dt'), el('dd'));
        this.summary.append(row);
      }
      const [dt, dd] = [row.querySelector('dt')!, row.querySelector('dd')!];
      if (dt.textContent !== k) dt.textContent = k;
      if (dd.textContent !== v) dd.textContent = v;
    });
    while (this.summary.childElementCount > items.length) this.summary.lastElementChild!.remove();
  }

  private updateLink(): void {
    const rt = this.runtime;
    const set: Record<string, string> = {};
    for (const [k, v] of Object.entries(rt.changed())) set[k] = formatParamValue(k, v);
    const changes = rt.script.changes.map((c) => ({
      atUs: c.atUs,
      key: c.key,
      value: formatParamValue(c.key, c.value),
    }));
    const q = encodeShareState({
      presetId: rt.presetId,
      seed: rt.seed,
      speedId: rt.speedId,
      set,
      ...(changes.length ? { changes } : {}),
    });
    // appUrl is an absolute http(s) address (element-attrs.ts appUrlOf); a bad one never throws into the page.
    try {
      const u = new URL(this.opts.appUrl);
      u.search = `?${q}`;
      this.link.href = u.toString();
    } catch {
      this.link.removeAttribute('href');
    }
    this.seedText.textContent = `Simulated in your browser · seed ${rt.seed}`;
  }

  private showNotices(list: ShareNotice[]): void {
    this.notice.hidden = !list.length;
    if (!list.length) return;
    const ul = el('ul');
    for (const n of list) ul.append(el('li', undefined, noticeText(n)));
    this.notice.replaceChildren(el('span', undefined, 'Not used:'), ul);
  }

  dispose(): void {
    this.unmountCharts.forEach((f) => f());
    this.mounted.forEach((c) => c.unmount());
    this.runtime.dispose();
    this.root.remove();
  }
}
