/**
 * Follow one skb: the reader picks a traced skb (or the next one TCP sends),
 * steps the slowed run to its next hop, and can download the run as a
 * Chrome trace-event / Perfetto file — the traced skbs' hops, and every
 * engine event of the last few milliseconds (replayed headless: same
 * preset, fields, seed and changes, so the same events).
 */
import { skbTraceEvents, traceFile } from '../../sim/metrics/trace-event';
import type { ScheduledChange } from '../../worker/protocol';
import { formatBytesShort, formatTimeShort } from './player-format';
import { saveText, fileSafe } from '../export/download';
import { el } from '../../embed/el';
import type { LessonRuntime } from './lesson-runtime';
import type { StepController } from './step-controller';

/** Engine events exported: the last this many ns of the run. */
export const EVENT_WINDOW_NS = 5e6;
/**
 * "Next hop" steps 10 µs at first and twice as far each time nothing
 * happened, up to 1 ms (a packet can wait long in a queue), at most this
 * many steps.
 */
const HOP_STEP_NS = 10_000;
const HOP_STEP_MAX_NS = 1_000_000;
const HOP_STEPS = 400;

/** A TCP sequence number as tcpdump writes it: a 32-bit count of bytes, not a size. */
export const seqText = (seq: number): string => String(seq % 2 ** 32);

export interface FollowView {
  root: HTMLElement;
  followed(): number | null;
  refresh(): void;
}

export function followView(rt: LessonRuntime, ctl: () => StepController, onChange: () => void): FollowView {
  const root = el('div', 'follow');
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', 'Follow one skb');
  const label = el('label', undefined, 'Follow ');
  const select = el('select');
  select.dataset.testid = 'follow-select';
  label.append(select);
  const next = el('button', undefined, 'Follow the next skb');
  const hop = el('button', undefined, 'Step to its next hop');
  const dl = el('button', undefined, 'Download trace (Perfetto JSON)');
  for (const b of [next, hop, dl]) b.type = 'button';
  next.dataset.testid = 'follow-next';
  hop.dataset.testid = 'follow-hop';
  dl.dataset.testid = 'trace-download';
  const note = el('p', 'follow-note');
  note.setAttribute('role', 'status');
  root.append(label, next, hop, dl, note);
  let followed: number | null = null;
  let waitNext = false;
  // When "Follow the next skb" was pressed: the skb it follows is the first TCP sends after that.
  let waitFromNs = 0;
  let shown = '';

  const choose = (id: number | null) => {
    followed = id;
    rt.hops.pin(id);
    select.value = id === null ? '' : String(id);
    onChange();
  };
  select.addEventListener('change', () => choose(select.value ? Number(select.value) : null));
  next.addEventListener('click', () => {
    waitNext = true;
    waitFromNs = rt.buffers.nowNs;
    note.textContent = 'Waiting for TCP to send the next traced skb…';
    if (!rt.running) void ctl().play();
  });
  hop.addEventListener('click', () => void stepToNextHop());
  dl.addEventListener('click', () => void download());

  async function stepToNextHop(): Promise<void> {
    if (followed === null) return;
    const before = rt.hops.pathOf(followed).length;
    if (rt.running) ctl().pause();
    hop.disabled = true;
    note.textContent = 'Stepping to its next hop…';
    try {
      let step = HOP_STEP_NS;
      for (let i = 0; i < HOP_STEPS && rt.hops.pathOf(followed).length === before; i++) {
        await rt.stepBy(step);
        step = Math.min(HOP_STEP_MAX_NS, step * 2);
      }
    } finally {
      hop.disabled = false;
      note.textContent = '';
    }
    onChange();
  }

  async function download(): Promise<void> {
    const c = ctl();
    const now = rt.buffers.nowNs;
    note.textContent = 'Replaying the last milliseconds for every engine event…';
    const live: ScheduledChange[] = rt.buffers.changes
      .filter((x) => x.tNs > 0 && !c.run.changes.some((s) => s.atUs * 1000 === x.tNs && s.key === x.key))
      .map((x) => ({ atUs: Math.round(x.tNs / 1000), key: x.key, value: x.to }));
    const window: [number, number] = [Math.max(0, now - EVENT_WINDOW_NS), now];
    const r = await rt.runHeadless({
      presetId: c.run.presetId,
      overrides: c.run.overrides,
      seed: c.run.seed,
      changes: [...c.run.changes, ...live].sort((a, b) => a.atUs - b.atUs),
      marksNs: [now + 1],
      trace: { windowNs: window },
    });
    const events = skbTraceEvents(rt.hops.asHops(), rt.hops.sites);
    if (r.ok && r.trace) events.push(...r.trace.traceEvents);
    const file = traceFile(events, { preset: c.run.presetId, seed: c.run.seed, simulated_ns: now });
    saveText(`${fileSafe(`tsq-lab-${c.run.presetId}-trace`)}.json`, JSON.stringify(file), 'application/json');
    note.textContent = r.ok
      ? `Saved ${events.length} trace events (open the file in ui.perfetto.dev).`
      : `Saved the skb hops; the engine events could not be replayed: ${r.error}`;
  }

  return {
    root,
    followed: () => followed,
    refresh() {
      const on = ctl().following || rt.hops.skbs().length > 0;
      root.hidden = !ctl().run.follow && !ctl().following;
      hop.disabled = followed === null;
      dl.disabled = !on;
      const list = rt.hops.skbs().slice(-40);
      // The next skb is the first sent after the click; the run stops there (even if its play is still on the way).
      const fresh = waitNext ? list.find((s) => s.tNs >= waitFromNs) : undefined;
      if (fresh) {
        waitNext = false;
        note.textContent = '';
        ctl().pause();
        choose(fresh.id);
      }
      const sig = `${list.length}|${list[list.length - 1]?.id}|${followed}`;
      if (sig === shown) return;
      shown = sig;
      const opts = [el('option', undefined, list.length ? 'an skb…' : 'no skb traced yet')];
      opts[0].value = '';
      for (const s of list) {
        const o = el(
          'option',
          undefined,
          `skb ${s.id} · seq ${seqText(s.seq)} · ${formatBytesShort(s.lenBytes)} · sent at ${formatTimeShort(s.tNs)}`,
        );
        o.value = String(s.id);
        opts.push(o);
      }
      if (followed !== null && !list.some((s) => s.id === followed)) {
        const o = el('option', undefined, `skb ${followed}`);
        o.value = String(followed);
        opts.push(o);
      }
      select.replaceChildren(...opts);
      select.value = followed === null ? '' : String(followed);
    },
  };
}
