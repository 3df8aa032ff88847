/**
 * The lesson player's styles, adopted by its shadow root after the widget's
 * (src/embed/widget-css.ts: colour tokens, charts, controls), in the Learn
 * view and in the <tsq-lab> element alike: a prose column and a figure
 * column side by side, stacked on a phone with both in view, and
 * presentation mode (large text, one chart).
 */
export const LESSON_CSS = `
[hidden] { display: none !important; }
.lesson { gap: 10px; border: none; padding: 8px 4px; font-size: 14px; }
.lesson-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; }
.lesson-title { margin: 0; font-size: 17px; flex: 1 1 260px; }
.lesson-steps { display: flex; flex-wrap: wrap; gap: 4px; }
.step-dot { min-width: 30px; padding: 2px 6px; }
.step-dot[aria-current='step'] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; }
.lesson-tools { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.lesson-tools button[aria-pressed='true'] { background: var(--accent); color: var(--accent-fg); }
.step-link { color: var(--accent); }
.embed-step { position: relative; }
.embed-step summary { cursor: pointer; color: var(--accent); }
.embed-step[open] { flex-basis: 100%; }
.snippet { display: flex; flex-direction: column; gap: 2px; margin-top: 4px; }
.snippet textarea { width: 100%; font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--bg); color: var(--fg); border: 1px solid var(--border); border-radius: 4px; }
.lesson-body { display: grid; grid-template-columns: minmax(280px, 5fr) minmax(320px, 7fr); gap: 14px; align-items: start; min-height: 0; }
.lesson-text { min-width: 0; }
.step-title { margin: 0 0 6px; font-size: 16px; }
.step-title:focus { outline: none; }
.step-title:focus-visible { outline: 2px solid var(--focus); }
.paragraphs p { margin: 0 0 10px; line-height: 1.55; }
output.value { font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; }
output.value.pending { font-weight: 500; color: var(--muted); font-style: italic; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.92em; }
fieldset.predict { margin: 8px 0 12px; padding: 8px 10px 10px; border: 1px solid var(--border); border-radius: 8px; }
fieldset.predict.asking { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); }
fieldset.predict legend.predict-tag { padding: 0 6px; border-radius: 4px; background: var(--accent); color: var(--accent-fg); font-weight: 600; font-size: 12px; }
fieldset.predict .prompt { margin: 2px 0 4px; line-height: 1.5; }
.predict-body { display: flex; flex-direction: column; gap: 4px; margin: 6px 0; }
.option { display: flex; gap: 6px; align-items: baseline; cursor: pointer; }
.estimate { display: grid; grid-template-columns: 1fr; gap: 2px; }
.estimate-track { position: relative; }
.estimate-actual { position: absolute; top: -4px; width: 0; height: 24px; border-left: 3px solid #d9480f; transform: translateX(-1px); }
.estimate-ends { display: flex; justify-content: space-between; color: var(--muted); font-size: 12px; }
.estimate-value { font-weight: 600; }
.predict-result { margin: 6px 0 0; }
.predict-result.right strong { color: #2b8a3e; }
.explain { margin: 6px 0 0; color: var(--fg); }
.prose-held { margin: 4px 0 10px; color: var(--muted); font-style: italic; }
.predict-result .differs { display: block; margin-top: 2px; color: var(--muted); }
.kernel-rule { margin: 8px 0; padding: 6px 10px; border: 1px solid var(--border); border-radius: 8px; }
.kernel-rule h4 { margin: 0; font-size: 13.5px; }
.rule-where { margin: 2px 0 4px; color: var(--muted); font-size: 12px; }
.rule-where a { color: var(--accent); }
.rule-code { margin: 0; padding: 6px 8px; overflow-x: auto; background: var(--chart-grid); border-radius: 4px; font-size: 11.5px; line-height: 1.45; white-space: pre-wrap; overflow-wrap: anywhere; }
.rule-value { font-weight: 700; color: var(--accent); font-variant-numeric: tabular-nums; }
.try { margin: 8px 0; padding: 8px 10px; border: 1px dashed var(--border); border-radius: 8px; }
.try h4, .path-box h4 { margin: 0 0 4px; font-size: 13.5px; }
.try-prompt { margin: 0 0 6px; }
.follow { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 8px 0; }
.follow select { max-width: 100%; }
.follow-note { flex-basis: 100%; margin: 0; color: var(--muted); font-size: 12.5px; }
.step-nav { display: flex; justify-content: space-between; gap: 8px; margin: 12px 0 6px; }
.sources { color: var(--muted); font-size: 12.5px; }
.citation a { color: var(--accent); }
.lesson-figure { min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.run-bar { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.step-state { color: var(--muted); }
.chart.highlight { outline: 2px solid var(--accent); outline-offset: 2px; border-radius: 4px; position: relative; }
.hl-tag { position: absolute; right: 4px; top: -10px; padding: 0 6px; border-radius: 4px; background: var(--accent); color: var(--accent-fg); font-size: 11px; }
.legend li.hl { font-weight: 700; }
.path-box { border: 1px solid var(--border); border-radius: 8px; padding: 6px 10px; }
.path-box h3 { margin: 0 0 4px; font-size: 13.5px; }
ol.path { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 3px; }
.stage { display: grid; grid-template-columns: minmax(120px, 1.4fr) minmax(60px, 1fr) 70px auto; gap: 6px; align-items: center; padding: 2px 4px; border-radius: 4px; font-size: 12.5px; }
.stage.highlight { outline: 2px solid var(--accent); }
.stage.here-now { background: rgba(217, 72, 15, 0.12); }
.stage.receiver { grid-template-columns: 1fr; color: var(--muted); }
.stage-bar { height: 8px; border-radius: 4px; background: var(--chart-grid); overflow: hidden; }
.stage-fill { display: block; height: 100%; width: 0; }
.stage-value { font-variant-numeric: tabular-nums; text-align: right; }
.here { color: #d9480f; font-weight: 600; }
.budget { margin: 6px 0 0; font-size: 12.5px; color: var(--muted); }
ol.hops { margin: 2px 0 0; padding-left: 20px; font-size: 12.5px; }
.hop-t { font-variant-numeric: tabular-nums; color: var(--muted); display: inline-block; min-width: 76px; }
.lesson.present { font-size: 20px; }
.lesson.present .lesson-body { grid-template-columns: minmax(320px, 1fr) minmax(360px, 1fr); }
.lesson.present .step-title { font-size: 26px; }
.lesson.present .paragraphs p { line-height: 1.6; }
.lesson.present .path-slot, .lesson.present .sources, .lesson.present .lesson-steps, .lesson.present .embed-step, .lesson.present .step-link { display: none; }
.lesson.present .chart-body { height: 55vh !important; }
.lesson.single .lesson-steps, .lesson.single .step-nav { display: none; }
.lesson:fullscreen { background: var(--bg); overflow: auto; padding: 20px 28px; }
@media (max-width: 700px) {
  .lesson { font-size: 13.5px; }
  .lesson-title { font-size: 15px; }
  .lesson-tools { font-size: 12.5px; }
  .lesson-body { grid-template-columns: minmax(0, 1fr); gap: 6px; }
  /* The text flows with the page (no inner scroller to lose a question in); the figure stays in view above it. */
  .lesson-figure { order: -1; position: sticky; top: 0; z-index: 5; background: var(--bg); padding-bottom: 4px; border-bottom: 1px solid var(--border); }
  .lesson-figure .path-slot { display: none; }
  .lesson-figure .chart:not(:first-child) { display: none; }
  .lesson-figure .chart-body { height: 140px; min-height: 0 !important; }
  .stage { grid-template-columns: minmax(90px, 1.4fr) minmax(40px, 1fr) 60px auto; }
}
`;
