/**
 * "Embed this step": the HTML a teacher or writer pastes to show one lesson
 * step in a page — an iframe of the embed page, or the <tsq-lab> element
 * with its one script — and the small panel of the player that offers both.
 */
import { escapeAttr, setAttr } from '../share/embed-snippet';
import { el } from '../../embed/el';

export interface StepRef {
  lessonId: string;
  /** 0-based. */
  stepIndex: number;
  extra: Record<string, string>;
}

/** The folder of the app's index.html, from any of its URLs. */
export const appBase = (href: string): string => new URL('./', href).toString();

export function stepIframe(base: string, s: StepRef, title: string): string {
  const u = new URL('embed.html', base);
  const q = new URLSearchParams({ lesson: s.lessonId, step: String(s.stepIndex + 1), ...s.extra });
  u.search = `?${q.toString()}`;
  return `<iframe src="${escapeAttr(u.toString())}" title="${escapeAttr(title)}" width="100%" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

export function stepElement(base: string, s: StepRef): string {
  const script = new URL('lib/tsq-lab.js', base).toString();
  const set = Object.keys(s.extra).length ? ` set="${escapeAttr(setAttr(s.extra))}"` : '';
  return `<script type="module" src="${escapeAttr(script)}"></script>\n<tsq-lab lesson="${escapeAttr(s.lessonId)}" step="${s.stepIndex + 1}"${set}></tsq-lab>`;
}

/** A details panel with both snippets, read-only and selectable. */
export function embedPanel(get: () => { base: string; ref: StepRef; title: string }): HTMLElement {
  const d = el('details', 'embed-step');
  const sum = el('summary', undefined, 'Embed this step');
  d.append(sum);
  const fill = () => {
    const { base, ref, title } = get();
    const rows: [string, string][] = [
      ['iframe', stepIframe(base, ref, title)],
      ['<tsq-lab> element', stepElement(base, ref)],
    ];
    d.replaceChildren(
      sum,
      ...rows.map(([label, text]) => {
        const lab = el('label', 'snippet');
        const ta = el('textarea');
        ta.readOnly = true;
        ta.rows = 3;
        ta.value = text;
        lab.append(el('span', undefined, label), ta);
        return lab;
      }),
    );
  };
  d.addEventListener('toggle', () => d.open && fill());
  return d;
}
