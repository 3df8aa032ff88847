/**
 * The lesson player's DOM skeleton: a header with the lesson, its steps and
 * the teacher's buttons (present, full screen, link), the prose column (text,
 * prediction, knobs, follow, step navigation, sources) and the figure column
 * (run controls, charts, packet path). Built with DOM calls only.
 */
import { citationDate, SOURCES } from '../../sim/scenario/sources';
import type { Lesson } from '../../sim/lessons/format';
import { el } from '../../embed/el';

export interface Layout {
  root: HTMLElement;
  title: HTMLElement;
  steps: HTMLElement;
  tools: HTMLElement;
  present: HTMLButtonElement;
  fullscreen: HTMLButtonElement;
  link: HTMLAnchorElement;
  notice: HTMLElement;
  stepTitle: HTMLElement;
  paragraphs: HTMLElement;
  /** Stands in for the prose while a prediction is open (the prose would give the answer away). */
  held: HTMLElement;
  rule: HTMLElement;
  predict: HTMLElement;
  tryIt: HTMLElement;
  follow: HTMLElement;
  prev: HTMLButtonElement;
  next: HTMLButtonElement;
  run: HTMLButtonElement;
  skip: HTMLButtonElement;
  followStart: HTMLButtonElement;
  restart: HTMLButtonElement;
  clock: HTMLOutputElement;
  state: HTMLElement;
  charts: HTMLElement;
  path: HTMLElement;
}

const button = (text: string, testid: string, cls?: string): HTMLButtonElement => {
  const b = el('button', cls, text);
  b.type = 'button';
  b.dataset.testid = testid;
  return b;
};

/** "Title — author, list, date", the title a link where the source has one. */
export function citationNode(id: keyof typeof SOURCES): HTMLElement {
  const c = SOURCES[id];
  const span = el('span', 'citation');
  const cite = el('cite');
  if ('url' in c) {
    const a = el('a', undefined, c.title);
    a.href = c.url;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    cite.append(a);
  } else cite.textContent = c.title;
  span.append(cite, document.createTextNode(` — ${c.author}, ${c.list}, ${citationDate(c)}`));
  return span;
}

export function buildLayout(lesson: Lesson, single: boolean): Layout {
  const root = el('div', 'lab lesson');
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', `Lesson: ${lesson.title}`);
  const head = el('header', 'lesson-head');
  const title = el('h2', 'lesson-title', lesson.title);
  const steps = el('nav', 'lesson-steps');
  steps.setAttribute('aria-label', 'Steps of the lesson');
  const tools = el('div', 'lesson-tools');
  const present = button('Present', 'present');
  present.setAttribute('aria-pressed', 'false');
  const fullscreen = button('Full screen', 'fullscreen');
  const link = el('a', 'step-link', single ? 'Open in TSQ Lab' : 'Link to this step');
  link.dataset.testid = 'step-link';
  if (single) link.target = '_blank';
  tools.append(present, fullscreen, link);
  head.append(title, steps, tools);
  const notice = el('div', 'notice');
  notice.setAttribute('role', 'status');
  notice.hidden = true;

  const body = el('div', 'lesson-body');
  const text = el('article', 'lesson-text');
  const stepTitle = el('h3', 'step-title');
  stepTitle.tabIndex = -1;
  const paragraphs = el('div', 'paragraphs');
  paragraphs.setAttribute('aria-live', 'off');
  const held = el('p', 'prose-held');
  held.dataset.testid = 'prose-held';
  held.hidden = true;
  const rule = el('div', 'rule-slot');
  const predict = el('div', 'predict-slot');
  const tryIt = el('div', 'try');
  const follow = el('div', 'follow-slot');
  const nav = el('div', 'step-nav');
  const prev = button('← Previous step', 'step-prev');
  const next = button('Next step →', 'step-next', 'primary');
  nav.append(prev, next);
  const sources = el('p', 'sources');
  sources.append(document.createTextNode('Sources: '));
  lesson.sources.forEach((s, i) => {
    if (i) sources.append(document.createTextNode('; '));
    sources.append(citationNode(s));
  });
  text.append(stepTitle, predict, held, paragraphs, rule, tryIt, follow, nav, sources);

  const fig = el('div', 'lesson-figure');
  const bar = el('div', 'run-bar');
  const run = button('Run', 'step-run', 'primary');
  const skip = button('Skip to the end', 'step-skip');
  const restart = button('Restart step', 'step-restart');
  const followStart = button('Follow one skb', 'follow-start');
  followStart.title = 'Slow the run down a hundred times and trace its skbs through the layers';
  const clock = el('output', 'clock', '0 ns');
  clock.setAttribute('aria-label', 'Simulated time');
  const state = el('span', 'step-state');
  state.dataset.testid = 'step-state';
  bar.append(run, skip, restart, followStart, clock, state);
  const charts = el('div', 'charts');
  const path = el('div', 'path-slot');
  fig.append(bar, charts, path);
  body.append(text, fig);
  root.append(head, notice, body);
  return {
    root,
    title,
    steps,
    tools,
    present,
    fullscreen,
    link,
    notice,
    stepTitle,
    paragraphs,
    held,
    rule,
    predict,
    tryIt,
    follow,
    prev,
    next,
    run,
    skip,
    restart,
    followStart,
    clock,
    state,
    charts,
    path,
  };
}
