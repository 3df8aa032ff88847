/**
 * Lesson prose into the DOM (text only, no HTML from strings): values as
 * <output> elements carrying their source and raw value (final or "so far"),
 * code spans, and glossary terms as buttons whose definition shows on
 * hover, focus or click, and hides on Escape (a tooltip the reader can
 * dismiss, WCAG 1.4.13). Used by the lesson player everywhere it runs.
 */
import { glossaryTerm, linkTerms } from '../../sim/lessons/glossary';
import type { Piece } from '../../sim/lessons/render';
import { el } from '../../embed/el';

let nextTip = 0;

/** A glossary term: a button described by its definition, shown on hover, focus or click. */
export function termButton(id: string, text: string, code: boolean): HTMLElement {
  const t = glossaryTerm(id);
  const wrap = el('span', 'term-wrap');
  const b = el('button', code ? 'term code' : 'term', text);
  b.type = 'button';
  b.dataset.term = id;
  if (!t) return b;
  const tip = el('span', 'tip');
  tip.id = `term-tip-${nextTip++}`;
  tip.setAttribute('role', 'tooltip');
  tip.append(el('strong', undefined, t.term), document.createTextNode(` — ${t.definition} `));
  const files = el('span', 'tip-files', 'Kernel source: ');
  t.files.forEach((f, i) => {
    if (i) files.append(document.createTextNode(', '));
    files.append(el('code', undefined, f));
  });
  tip.append(files);
  tip.hidden = true;
  b.setAttribute('aria-describedby', tip.id);
  let pinned = false;
  const show = (on: boolean) => {
    tip.hidden = !on;
    wrap.classList.toggle('open', on);
  };
  b.addEventListener('mouseenter', () => show(true));
  b.addEventListener('mouseleave', () => show(pinned || b.matches(':focus')));
  b.addEventListener('focus', () => show(true));
  b.addEventListener('blur', () => {
    pinned = false;
    show(false);
  });
  b.addEventListener('click', () => {
    pinned = !pinned;
    show(pinned || b.matches(':focus'));
  });
  b.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !tip.hidden) {
      e.stopPropagation();
      pinned = false;
      show(false);
    }
  });
  wrap.append(b, tip);
  return wrap;
}

/** Any text (a knob's help, a summary) with its kernel terms linked, each once. */
export function glossaryNodes(text: string, seen: Set<string> = new Set()): Node[] {
  return linkTerms(text, seen).map((l) =>
    l.kind === 'term' ? termButton(l.id, l.text, false) : document.createTextNode(l.text),
  );
}

/** Writes pieces into `parent`, replacing what it held. */
export function renderPieces(parent: HTMLElement, pieces: readonly Piece[]): void {
  const out: Node[] = [];
  for (const p of pieces) {
    if (p.kind === 'text') out.push(document.createTextNode(p.text));
    else if (p.kind === 'code') out.push(el('code', undefined, p.text));
    else if (p.kind === 'term') out.push(termButton(p.id, p.text, p.code));
    else {
      const o = el('output', p.pending ? 'value pending' : 'value', p.text);
      o.dataset.src = p.src;
      o.dataset.value = p.value === null ? '' : String(p.value);
      o.dataset.final = p.pending ? 'false' : 'true';
      if (p.pending) o.title = 'so far: the run has not reached this point yet';
      out.push(o);
    }
  }
  parent.replaceChildren(...out);
}

/**
 * Updates the values of prose already rendered with the same pieces (the
 * run moved on), so focus and open definitions are kept; false if the
 * pieces no longer line up and a full render is needed.
 */
export function updateValues(parent: HTMLElement, pieces: readonly Piece[]): boolean {
  const outs = parent.querySelectorAll<HTMLOutputElement>('output.value');
  const vals = pieces.filter((p): p is Extract<Piece, { kind: 'value' }> => p.kind === 'value');
  if (outs.length !== vals.length || vals.some((p, i) => outs[i].dataset.src !== p.src)) return false;
  vals.forEach((p, i) => {
    const o = outs[i];
    if (o.textContent !== p.text) o.textContent = p.text;
    const v = p.value === null ? '' : String(p.value);
    if (o.dataset.value !== v) o.dataset.value = v;
    o.dataset.final = p.pending ? 'false' : 'true';
    o.classList.toggle('pending', p.pending);
    if (!p.pending) o.removeAttribute('title');
  });
  return true;
}
