/**
 * The lesson player's keys, for a teacher at the front of a room: in
 * presentation mode → / PageDown and ← / PageUp step, F toggles full
 * screen, Escape leaves presentation mode, wherever focus is on the page
 * (`presentKeys`); in the player, Space runs or pauses when focus is not on
 * a control of its own.
 */
import type { LessonPlayer } from './lesson-player';

const OWN_KEYS = /^(INPUT|SELECT|TEXTAREA|BUTTON|A)$/;

export function playerKeys(p: LessonPlayer): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.composedPath()[0] as HTMLElement | undefined;
    const onControl = !!t && OWN_KEYS.test(t.tagName);
    if (e.key === ' ' && !onControl) {
      e.preventDefault();
      p.ui.run.click();
      return;
    }
    if (!p.present) return;
    if ((e.key === 'ArrowRight' || e.key === 'PageDown') && !(onControl && t?.tagName === 'INPUT')) {
      e.preventDefault();
      void p.goTo(p.index + 1, true);
    } else if ((e.key === 'ArrowLeft' || e.key === 'PageUp') && !(onControl && t?.tagName === 'INPUT')) {
      e.preventDefault();
      void p.goTo(p.index - 1, true);
    } else if ((e.key === 'f' || e.key === 'F') && !onControl) {
      e.preventDefault();
      void p.toggleFullscreen();
    } else if (e.key === 'Escape' && !p.ui.root.ownerDocument.fullscreenElement) {
      p.setPresent(false);
    }
  };
}

/**
 * Presentation mode's keys on the whole page, so they work from a link
 * before anything in the player has focus; keys that reach the player are
 * its own listener's. Returns the remover.
 */
export function presentKeys(p: LessonPlayer): () => void {
  const own = playerKeys(p);
  const doc = p.ui.root.ownerDocument;
  const onKey = (e: KeyboardEvent) => {
    if (!p.present || e.defaultPrevented || e.composedPath().includes(p.ui.root)) return;
    if (e.key === ' ') return; // Space scrolls the page outside the player
    own(e);
  };
  doc.addEventListener('keydown', onKey);
  return () => doc.removeEventListener('keydown', onKey);
}
