/**
 * Puts a lesson player into a shadow root of its own (the Learn view's host
 * element, the <tsq-lab> element): the widget's styles and the lesson's,
 * adopted, so page CSS cannot reach in and ours cannot leak out.
 */
import { WIDGET_CSS } from '../../embed/widget-css';
import { LESSON_CSS } from './player-css';
import { LessonPlayer, type PlayerOptions } from './lesson-player';

let sheets: CSSStyleSheet[] | null = null;

/** The two stylesheets, made once per page and shared by every shadow root. */
export function lessonSheets(): CSSStyleSheet[] {
  if (!sheets) {
    sheets = [WIDGET_CSS, LESSON_CSS].map((css) => {
      const s = new CSSStyleSheet();
      s.replaceSync(css);
      return s;
    });
  }
  return sheets;
}

export function mountPlayer(
  host: HTMLElement | ShadowRoot,
  worker: Worker,
  opts: PlayerOptions,
): LessonPlayer {
  const root = host instanceof ShadowRoot ? host : (host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  root.adoptedStyleSheets = [...lessonSheets()];
  root.replaceChildren();
  return new LessonPlayer(root, worker, opts);
}
