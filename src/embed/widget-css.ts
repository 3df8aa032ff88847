/**
 * Styles of the <tsq-lab> widget, adopted by its shadow root (so the host
 * page's CSS cannot reach in and ours cannot leak out). The colour tokens
 * mirror src/app/theme.css, so the chart code reads the same variables.
 */
export const WIDGET_CSS = `
:host { display: block; width: 100%; max-width: 100%; min-width: 0; contain: content; }
:host([hidden]) { display: none; }
:host([fill]) { height: 100%; }
.lab {
  --bg: #ffffff; --fg: #1d1f23; --muted: #5b616b; --border: #d8dbe0; --accent: #2a63c9; --accent-fg: #fff;
  --focus: #2a63c9; --error: #b42318;
  --chart-fg: #1d1f23; --chart-muted: #8a8f98; --chart-grid: #e3e5e8; --chart-throttle: rgba(225, 87, 89, 0.16);
  --chart-crosshair: #444a55; --chart-change: #9c3d8f;
  box-sizing: border-box; display: flex; flex-direction: column; gap: 8px; height: 100%; margin: 0;
  padding: 10px 12px; color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: 8px;
  font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color-scheme: light;
}
.lab.dark {
  --bg: #1a1d23; --fg: #e6e8eb; --muted: #a0a7b1; --border: #2e333c; --accent: #79a6ff; --accent-fg: #0d1117;
  --focus: #79a6ff; --error: #ff8a80;
  --chart-fg: #e6e8eb; --chart-muted: #8b929c; --chart-grid: #2a2f37; --chart-throttle: rgba(255, 107, 107, 0.2);
  --chart-crosshair: #c8ccd2; --chart-change: #e59bd6; color-scheme: dark;
}
*, *::before, *::after { box-sizing: border-box; }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
button, select, input { font: inherit; color: inherit; }
button, select {
  background: var(--bg); border: 1px solid var(--border); border-radius: 6px; padding: 2px 10px; min-height: 28px; cursor: pointer;
}
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; min-width: 64px; }
input[type='range'] { accent-color: var(--accent); width: 100%; margin: 2px 0; }
.head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; }
.title { margin: 0; font-weight: 600; flex: 1 1 240px; min-width: 0; }
.clock { font-variant-numeric: tabular-nums; color: var(--muted); }
.notice { margin: 0; padding: 4px 8px; border: 1px solid var(--error); border-radius: 6px; font-size: 12px; overflow-wrap: anywhere; }
.notice ul { margin: 0; padding-left: 16px; }
.controls { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 4px 16px; }
.ctl { min-width: 0; }
.ctl-head { display: flex; gap: 6px; align-items: baseline; }
.ctl-head label { font-weight: 500; }
.ctl-head output { margin-left: auto; font-variant-numeric: tabular-nums; }
.ctl-help { margin: 0; color: var(--muted); font-size: 11.5px; }
/* Glossary terms (knob help here, the prose of a lesson): underlined words, not buttons; the definition in a tip. */
.term-wrap { position: relative; display: inline; }
button.term {
  display: inline; min-height: 0; padding: 0; margin: 0; border: none; border-radius: 0; background: none; font: inherit;
  color: inherit; text-decoration: underline dotted var(--accent); text-underline-offset: 3px; cursor: help;
}
button.term.code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.92em; }
.tip {
  position: absolute; z-index: 20; left: 0; top: 1.6em; width: min(340px, 80vw); padding: 8px 10px; border-radius: 6px;
  background: var(--bg); color: var(--fg); border: 1px solid var(--border); box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18);
  font-size: 12.5px; font-weight: 400; font-style: normal; line-height: 1.45; white-space: normal;
}
.tip-files { display: block; margin-top: 4px; color: var(--muted); }
.ctl-error { margin: 0; color: var(--error); font-size: 12px; }
.ctl select { width: 100%; }
.charts { display: flex; flex-direction: column; gap: 6px; min-height: 0; }
:host([fill]) .lab { overflow: auto; }
:host([fill]) .charts { flex: 1 1 auto; }
.chart { display: flex; flex-direction: column; min-height: 0; }
:host([fill]) .chart { flex: 1 1 0; min-height: 90px; }
.chart-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 10px; }
.chart-head h3 { margin: 0; font-size: 12.5px; font-weight: 600; }
.legend { display: flex; flex-wrap: wrap; gap: 0 10px; margin: 0; padding: 0; list-style: none; font-size: 11.5px; }
.legend li { display: inline-flex; align-items: center; gap: 4px; }
.swatch { width: 10px; height: 10px; border-radius: 2px; display: inline-block; }
.swatch.line { height: 2px; }
.legend output { color: var(--muted); font-variant-numeric: tabular-nums; }
/* Rows share the stack's columns [y axis | plot | side] (app/charts/chart-layout.ts sets --axis-w, --side-w). */
.chart-body, .time-row { display: grid; grid-template-columns: var(--axis-w, 56px) minmax(0, 1fr) var(--side-w, 0px); }
.chart-body { flex: 1 1 auto; min-height: 0; grid-template-rows: minmax(0, 1fr); }
/* Sized by the row, never the other way round (an svg height would feed back into the layout). */
.y-axis { height: 100%; overflow: visible; font-size: 10px; color: var(--chart-fg); }
.plot { position: relative; min-width: 0; overflow: hidden; border-left: 1px solid var(--chart-grid); border-bottom: 1px solid var(--chart-grid); }
.plot canvas, .side canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
.plot canvas.layer-data { will-change: transform; }
.side { position: relative; margin-left: 6px; }
.log-toggle { min-height: 0; padding: 0 6px; font-size: 11px; }
.log-toggle[aria-pressed='true'] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.time-row { height: 24px; }
/* The transparent border stands where the plots' left border is, so x = 0 is the same pixel on both. */
.time-row svg { grid-column: 2; width: 100%; height: 24px; overflow: visible; font-size: 10px; color: var(--chart-fg); border-left: 1px solid transparent; }
.time-row .time-unit { grid-column: 1; font-size: 10px; color: var(--muted); align-self: start; }
.summary { margin: 0; display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 12px; }
.summary div { display: flex; gap: 4px; }
.summary dt { color: var(--muted); }
.summary dd { margin: 0; font-variant-numeric: tabular-nums; }
.foot { display: flex; justify-content: space-between; gap: 8px; font-size: 12px; color: var(--muted); }
.foot a { color: var(--accent); }
`;
