/**
 * A step's prediction: a choice (radio buttons) or an estimate (a marker on
 * a linear or log number line, a keyboard-operable slider), asked before the
 * run gets there; once answered and the run has its numbers, the reader's
 * answer beside what the simulation did, and why.
 */
import type { Prediction } from '../../sim/lessons/format';
import type { Piece, Score } from '../../sim/lessons/render';
import { formatValue } from '../../sim/lessons/text';
import { el } from '../../embed/el';
import { renderPieces } from './player-text';

const STEPS = 1000;
let nextName = 0;

/** Slider position (0..STEPS) ↔ value on the prediction's scale. */
export function scaleOf(p: Extract<Prediction, { kind: 'estimate' }>) {
  const log = p.scale === 'log';
  const lo = log ? Math.log(p.min) : p.min;
  const hi = log ? Math.log(p.max) : p.max;
  return {
    toValue: (i: number) => {
      const x = lo + ((hi - lo) * i) / STEPS;
      return log ? Math.exp(x) : x;
    },
    toPos: (v: number) => Math.round((((log ? Math.log(v) : v) - lo) / (hi - lo)) * STEPS),
  };
}

export interface PredictView {
  root: HTMLElement;
  /** Redraws for the step's state: asking, answered and waiting, scored. */
  update(
    asking: boolean,
    answer: number | null,
    score: Score | null,
    prompt: Piece[],
    explain: Piece[] | null,
  ): void;
}

export function predictView(p: Prediction, onAnswer: (a: number) => void): PredictView {
  const n = nextName++;
  const root = el('fieldset', 'predict');
  const legend = el('legend', 'predict-tag', 'Predict');
  const promptText = el('p', 'prompt');
  promptText.id = `predict-prompt-${n}`;
  root.setAttribute('aria-describedby', promptText.id);
  root.append(legend, promptText);
  const body = el('div', 'predict-body');
  const submit = el('button', 'primary', 'Submit prediction');
  submit.type = 'button';
  submit.dataset.testid = 'predict-submit';
  const result = el('div', 'predict-result');
  result.setAttribute('role', 'status');
  const explainText = el('p', 'explain');
  let current: () => number | null;
  let inputs: HTMLInputElement[] = [];
  if (p.kind === 'choice') {
    const name = `predict-${n}`;
    inputs = p.options.map((o, i) => {
      const lab = el('label', 'option');
      const r = el('input');
      r.type = 'radio';
      r.name = name;
      r.value = String(i);
      lab.append(r, document.createTextNode(` ${o.label}`));
      body.append(lab);
      return r;
    });
    current = () => {
      const c = inputs.find((r) => r.checked);
      return c ? Number(c.value) : null;
    };
  } else {
    const sc = scaleOf(p);
    const box = el('div', 'estimate');
    const range = el('input');
    range.type = 'range';
    range.min = '0';
    range.max = String(STEPS);
    range.value = String(STEPS / 2);
    range.setAttribute('aria-label', 'Your estimate');
    const shown = el('output', 'estimate-value');
    const ends = el('div', 'estimate-ends');
    ends.append(
      el('span', undefined, formatValue(p.min, p.format)),
      el('span', undefined, formatValue(p.max, p.format)),
    );
    const actual = el('span', 'estimate-actual');
    actual.hidden = true;
    const track = el('div', 'estimate-track');
    track.append(range, actual);
    const show = () => {
      const v = sc.toValue(Number(range.value));
      shown.textContent = formatValue(v, p.format);
      range.setAttribute('aria-valuetext', shown.textContent);
    };
    range.addEventListener('input', show);
    show();
    box.append(track, ends, el('span', 'estimate-label', 'Your estimate: '), shown);
    body.append(box);
    inputs = [range];
    current = () => sc.toValue(Number(range.value));
    (root as HTMLElement & { showActual?: (v: number) => void }).showActual = (v: number) => {
      actual.hidden = false;
      actual.style.left = `${(Math.min(STEPS, Math.max(0, sc.toPos(v))) / STEPS) * 100}%`;
      actual.title = `the simulation: ${formatValue(v, p.format)}`;
    };
  }
  submit.addEventListener('click', () => {
    const a = current();
    if (a !== null) onAnswer(a);
  });
  for (const i of inputs) i.addEventListener('change', () => (submit.disabled = current() === null));
  submit.disabled = current() === null;
  root.append(body, submit, result, explainText);

  return {
    root,
    update(asking, answer, score, prompt, explain) {
      renderPieces(promptText, prompt);
      root.classList.toggle('asking', asking);
      for (const i of inputs) i.disabled = !asking;
      submit.hidden = !asking;
      if (answer === null) {
        result.textContent = asking ? '' : 'The run will ask you when it gets there.';
        explainText.hidden = true;
        return;
      }
      if (!score) {
        result.textContent = 'Your answer is in; the run is on its way to the numbers.';
        explainText.hidden = true;
        return;
      }
      result.replaceChildren(...scoreText(p, score));
      result.classList.toggle('right', score.ok);
      (root as HTMLElement & { showActual?: (v: number) => void }).showActual?.(
        score.kind === 'estimate' ? score.actual : 0,
      );
      result.dataset.basis = score.basis;
      explainText.hidden = !explain;
      if (explain) renderPieces(explainText, explain);
    },
  };
}

function scoreText(p: Prediction, s: Score): Node[] {
  const t = (x: string) => document.createTextNode(x);
  if (s.kind === 'choice' && p.kind === 'choice') {
    const label = (i: number) => (i >= 0 ? `“${p.options[i].label}”` : 'none of the options');
    const mine = p.options[s.chosen]?.label ?? '';
    const q = s.quantity;
    const simPart = `the simulation: ${label(s.model)}${q ? ` (${q.text.sim})` : ''}`;
    if (s.basis === 'simulation')
      return [
        el('strong', undefined, s.ok ? 'Right. ' : 'Not quite. '),
        t(`You said “${mine}”; ${simPart}.`),
      ];
    const measured = `the thread measured ${label(s.right)}${q?.text.published ? ` (${q.text.published})` : ''}`;
    const out = [
      el('strong', undefined, s.ok ? 'Right. ' : 'Not quite. '),
      t(`You said “${mine}”; ${measured}; ${simPart}.`),
    ];
    if (s.model !== s.right)
      out.push(
        el(
          'span',
          'differs',
          ' The model differs from the measurement here: the answer is graded against the measurement.',
        ),
      );
    return out;
  }
  if (s.kind === 'estimate') {
    const head = el('strong', undefined, s.ok ? 'Close. ' : 'Off. ');
    const q = s.quantity;
    if (s.basis === 'simulation' || q.text.published === null)
      return [head, t(`You estimated ${s.text.guess}; the simulation gave ${q.text.sim}.`)];
    return [
      head,
      t(
        `You estimated ${s.text.guess}; the thread measured ${q.text.published}; the simulation gave ${q.text.sim}.`,
      ),
    ];
  }
  return [];
}
