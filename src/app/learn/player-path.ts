/**
 * The packet path in the lesson player: one row per occupancy layer from the
 * socket down, each filled by its latest occupancy, the step's highlighted
 * layer marked, the TSQ budget (sk_wmem_alloc against the limit), and in
 * follow-one-skb the layer the followed skb is in now with its hops so far
 * and their simulated times. Written from the chart frame loop, a few times
 * a second, without React.
 */
import { seriesColor, type ChartTheme } from '../charts/chart-theme';
import { formatNs, formatValue } from '../format';
import type { RenderState } from '../charts/scheduler';
import { HOP_NAMES } from '../../sim/model/skb-trace';
import { el } from '../../embed/el';
import type { LessonRuntime } from './lesson-runtime';
import { budgetLine, gapNote, wmemLayers } from './wmem-gap';

const UPDATE_MS = 120;
const SCALE_ROWS = 2000;

export interface PathOptions {
  layer: string | undefined;
  followed: () => number | null;
  theme: ChartTheme;
}

export function mountPath(parent: HTMLElement, rt: LessonRuntime, o: PathOptions): () => void {
  const box = el('section', 'path-box');
  box.setAttribute('aria-label', 'Packet path');
  box.append(el('h3', undefined, 'Packet path'));
  const stages = rt.series
    .filter((s) => s.panel === 'occupancy' && s.stackOrder !== undefined)
    .sort((a, b) => (a.stackOrder ?? 0) - (b.stackOrder ?? 0));
  const list = el('ol', 'path');
  const rows = stages.map((st, i) => {
    const li = el('li', st.key === o.layer ? 'stage highlight' : 'stage');
    li.dataset.layer = st.key;
    const bar = el('span', 'stage-bar');
    bar.setAttribute('aria-hidden', 'true');
    const fill = el('span', 'stage-fill');
    fill.style.background = seriesColor(st.key, i, o.theme);
    bar.append(fill);
    const val = el('output', 'stage-value', '–');
    const here = el('span', 'here', '● here');
    here.hidden = true;
    li.append(el('span', 'stage-name', st.label), bar, val, here);
    list.append(li);
    return { st, li, fill, val, here };
  });
  const rx = el('li', 'stage receiver');
  rx.append(el('span', 'stage-name', 'receiver'));
  list.append(rx);
  const budget = el('p', 'budget');
  budget.dataset.testid = 'path-budget';
  const gap = el('p', 'budget wmem-gap');
  gap.dataset.testid = 'wmem-gap';
  const inWmem = wmemLayers(rt.series);
  const hopsTitle = el('h4', undefined, 'Its hops');
  const hops = el('ol', 'hops');
  hops.setAttribute('aria-label', 'Hops of the followed skb');
  hopsTitle.hidden = true;
  box.append(list, budget, gap, hopsTitle, hops);
  parent.append(box);

  let last = -Infinity;
  let lastHops = '';
  let later: ReturnType<typeof setTimeout> | null = null;
  const render = (s: RenderState) => {
    const now = performance.now();
    if (now - last < UPDATE_MS) {
      // Come back once the interval is over: the last frame before a pause must show.
      later ??= setTimeout(() => {
        later = null;
        rt.scheduler.invalidate();
      }, UPDATE_MS);
      return;
    }
    last = now;
    const buf = rt.buffers;
    for (const r of rows) {
      const v = buf.latest(r.st.key);
      const max = buf.recentMax(r.st.key, SCALE_ROWS);
      r.fill.style.width = `${max > 0 && v > 0 ? Math.min(100, (v / max) * 100) : 0}%`;
      const t = formatValue(v, r.st.unit);
      if (r.val.textContent !== t) r.val.textContent = t;
    }
    const reading = {
      tNs: s.nowNs,
      wmemBytes: buf.latest('tsq.wmem'),
      limitBytes: buf.latest('tsq.limit'),
      layersBytes: inWmem.reduce((a, k) => a + (buf.latest(k) || 0), 0),
    };
    const line = Number.isFinite(reading.limitBytes) ? budgetLine(reading) : '';
    if (budget.textContent !== line) budget.textContent = line;
    const sum = rt.summary;
    const note = gapNote(reading, sum?.tsqBudget?.payloadPerTruesize ?? null, sum?.forwarded ?? false) ?? '';
    if (gap.textContent !== note) gap.textContent = note;
    gap.hidden = !note;
    showFollowed(s.nowNs);
  };
  const showFollowed = (nowNs: number) => {
    const id = o.followed();
    const at = id === null ? null : rt.hops.hopAt(id, nowNs);
    const key = at ? rt.hops.seriesOf(at) : null;
    for (const r of rows) r.here.hidden = r.st.key !== key;
    for (const r of rows) r.li.classList.toggle('here-now', r.st.key === key);
    const path = id === null ? [] : rt.hops.pathOf(id);
    const sig = `${id}|${path.length}`;
    if (sig === lastHops) return;
    lastHops = sig;
    hopsTitle.hidden = id === null;
    hopsTitle.textContent = id === null ? '' : `skb ${id}: its hops so far`;
    const t0 = path[0]?.tNs ?? 0;
    hops.replaceChildren(
      ...path.map((r) => {
        const li = el('li');
        li.dataset.kind = String(r.kind);
        li.dataset.tNs = String(r.tNs);
        const site = rt.hops.sites[r.site]?.label;
        li.append(
          el('span', 'hop-t', `+${formatNs(r.tNs - t0)}`),
          document.createTextNode(
            ` ${HOP_NAMES[r.kind] ?? r.kind}${site ? ` · ${site}` : ''}${r.seg >= 0 ? ` (segment ${r.seg})` : ''}`,
          ),
        );
        li.title = `at ${formatNs(r.tNs)} of simulated time`;
        return li;
      }),
    );
  };
  const off = rt.scheduler.add(render);
  return () => {
    off();
    if (later) clearTimeout(later);
    box.remove();
  };
}
