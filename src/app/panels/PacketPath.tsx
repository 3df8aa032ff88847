/**
 * The transmit path from socket to receiver, one box per layer the scenario
 * has (its occupancy series, in stack order), each filled by its latest
 * occupancy; the TSQ budget (sk_wmem_alloc against the limit), a light that
 * is on while TSQ throttles, and the core's statement of what bounds
 * throughput. Live values are written to the DOM from the chart frame loop.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useExplorer } from '../state/explorer-store';
import { useExplorerContext } from '../explorer-context';
import { seriesColor } from '../charts/chart-theme';
import { formatValue } from '../format';
import type { RenderState } from '../charts/scheduler';
import { gapNote, wmemLayers } from '../learn/wmem-gap';
import { GlossaryText } from '../learn/GlossaryText';
import './panels.css';

const UPDATE_MS = 100;
/** Rows of recent history a fill level is measured against. */
const SCALE_ROWS = 2000;

export function PacketPath() {
  const { scheduler, chartTheme } = useExplorerContext();
  const series = useExplorer((s) => s.series);
  const bound = useExplorer((s) => s.summary?.bound);
  // At an AP the socket TSQ throttles is the wired sender's, not one on the path drawn here.
  const forwarded = useExplorer((s) => s.summary?.forwarded ?? false);
  const stages = useMemo(
    () =>
      series
        .filter((s) => s.panel === 'occupancy' && s.stackOrder !== undefined)
        .sort((a, b) => (a.stackOrder ?? 0) - (b.stackOrder ?? 0)),
    [series],
  );
  const hasTsq = series.some((s) => s.key === 'tsq.wmem') && series.some((s) => s.key === 'tsq.limit');
  // A driver's completion latency (HTT tx_compl, TX-free): how late TSQ's budget comes back.
  const completion = series.find((s) => s.role === 'completion');
  const completionRef = useRef<HTMLOutputElement>(null);
  const barRefs = useRef<(HTMLElement | null)[]>([]);
  const textRefs = useRef<(HTMLElement | null)[]>([]);
  const gaugeRef = useRef<HTMLDivElement>(null);
  const gaugeTextRef = useRef<HTMLSpanElement>(null);
  const lightRef = useRef<HTMLSpanElement>(null);
  const meterRef = useRef<HTMLMeterElement>(null);
  // What sk_wmem_alloc counts beyond the layers (truesize, skbs waiting for their TX status), from the run.
  const gapRef = useRef<HTMLParagraphElement>(null);
  const payloadShare = useExplorer((s) => s.summary?.tsqBudget?.payloadPerTruesize ?? null);
  const gapInputs = useRef({ payloadShare, forwarded });
  gapInputs.current = { payloadShare, forwarded };

  useEffect(() => {
    let lastMs = -Infinity;
    let lastVersion = -1;
    let later: ReturnType<typeof setTimeout> | null = null;
    const render = (s: RenderState) => {
      const now = performance.now();
      if (s.version === lastVersion) return;
      if (now - lastMs < UPDATE_MS) {
        // Come back once, when the interval is over (the last frame before a pause must show).
        later ??= setTimeout(
          () => {
            later = null;
            scheduler.invalidate();
          },
          UPDATE_MS - (now - lastMs),
        );
        return;
      }
      lastMs = now;
      lastVersion = s.version;
      const buf = scheduler.buffers;
      stages.forEach((st, i) => {
        const v = buf.latest(st.key);
        const max = buf.recentMax(st.key, SCALE_ROWS);
        const bar = barRefs.current[i];
        if (bar) bar.style.width = `${max > 0 && v > 0 ? Math.min(100, (v / max) * 100) : 0}%`;
        const t = textRefs.current[i];
        if (t) t.textContent = formatValue(v, st.unit);
      });
      if (hasTsq) {
        const wmem = buf.latest('tsq.wmem');
        const limit = buf.latest('tsq.limit');
        const frac = limit > 0 && wmem >= 0 ? Math.min(1.5, wmem / limit) : 0;
        if (meterRef.current) meterRef.current.value = Math.min(1, frac);
        if (gaugeRef.current) gaugeRef.current.style.width = `${Math.min(100, frac * 100)}%`;
        if (gaugeTextRef.current)
          gaugeTextRef.current.textContent = `${formatValue(wmem, 'bytes')} / ${formatValue(limit, 'bytes')}`;
        const layersBytes = wmemLayers(stages).reduce((a, k) => a + (buf.latest(k) || 0), 0);
        const g = gapInputs.current;
        const note = gapNote(
          { tNs: s.nowNs, wmemBytes: wmem, limitBytes: limit, layersBytes },
          g.payloadShare,
          g.forwarded,
        );
        if (gapRef.current) {
          gapRef.current.hidden = !note;
          if (gapRef.current.textContent !== (note ?? '')) gapRef.current.textContent = note ?? '';
        }
      }
      if (completion && completionRef.current)
        completionRef.current.textContent = formatValue(buf.latest(completion.key), completion.unit);
      if (lightRef.current) {
        const tr = buf.throttled;
        const ring = buf.samples;
        const lastT = ring.lastT();
        const period = ring.length > 1 ? lastT - ring.t(ring.length - 2) : 0;
        const on = tr.length > 0 && tr.get(1, tr.length - 1) >= lastT - period;
        lightRef.current.classList.toggle('on', on);
        lightRef.current.setAttribute('aria-label', on ? 'TSQ throttled now' : 'TSQ not throttled');
      }
    };
    const off = scheduler.add(render);
    return () => {
      off();
      if (later) clearTimeout(later);
    };
  }, [scheduler, stages, hasTsq, completion]);

  return (
    <section className="packet-path" aria-label="Packet path">
      <h2>Packet path</h2>
      {stages.length === 0 && <p className="muted">This scenario has no transmit-path layers.</p>}
      <ol className="path">
        {stages.map((st, i) => (
          <li key={st.key} className="stage" data-testid={`stage-${st.key}`}>
            <span className="stage-name">{st.label}</span>
            <span className="stage-bar" aria-hidden="true">
              <span
                className="stage-fill"
                style={{ background: seriesColor(st.key, i, chartTheme) }}
                ref={(el) => {
                  barRefs.current[i] = el;
                }}
              />
            </span>
            <output
              className="stage-value"
              ref={(el) => {
                textRefs.current[i] = el;
              }}
            >
              –
            </output>
          </li>
        ))}
        {stages.length > 0 && (
          <li className="stage receiver">
            <span className="stage-name">receiver</span>
          </li>
        )}
      </ol>
      {hasTsq && (
        <div className="tsq-gauge">
          <div className="gauge-head">
            <span>TSQ budget (sk_wmem_alloc / limit)</span>
            <span
              className="light"
              ref={lightRef}
              role="img"
              aria-label="TSQ not throttled"
              title="on while TSQ throttles the socket"
            />
          </div>
          <div className="gauge" aria-hidden="true">
            <div className="gauge-fill" ref={gaugeRef} />
          </div>
          <meter ref={meterRef} className="sr-only" min={0} max={1} value={0} aria-label="TSQ budget used" />
          <span className="gauge-text" ref={gaugeTextRef}>
            –
          </span>
          <p className="wmem-gap muted small" ref={gapRef} data-testid="wmem-gap" hidden />
        </div>
      )}
      {!hasTsq && (
        <p className="throttle-row">
          <span className="light" ref={lightRef} role="img" aria-label="TSQ not throttled" /> TSQ throttled
          {forwarded && ' (wired sender)'}
        </p>
      )}
      {completion && (
        <p className="completion-row" data-testid="packet-path-completion">
          <span>{completion.label}</span> <output ref={completionRef}>–</output>
        </p>
      )}
      <p className="bound" data-testid="bound" aria-live="polite">
        <GlossaryText text={bound ?? '…'} />
      </p>
    </section>
  );
}
