/**
 * The Learn view (?view=learn&lesson=…&step=…): the lessons, the player of
 * the chosen one (src/app/learn/lesson-player.ts, in a shadow root of its
 * own, with its own worker), and the glossary. The explorer's run pauses
 * meanwhile, as on the other pages.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import type { Theme } from '../theme';
import { ThemeToggle } from '../ThemeToggle';
import { ViewSwitch } from '../experiments/ViewSwitch';
import { noticeText } from '../share/url-state';
import { LESSONS } from '../../sim/lessons/index';
import { GlossaryList } from './GlossaryList';
import { learnSearch, readLearnLink } from './learn-url';
import { installLearnHook } from './learn-hook';
import { mountPlayer } from './mount-player';
import type { LessonPlayer } from './lesson-player';
import { TeacherPage } from './TeacherPage';
import './learn.css';

function lessonWorker(): Worker {
  return new Worker(new URL('../../worker/sim.worker.ts', import.meta.url), { type: 'module' });
}

export function LearnView({ theme }: { theme: Theme }) {
  const { controller } = useExplorerContext();
  const link = useMemo(() => readLearnLink(location.search), []);
  const [lessonId, setLessonId] = useState(link.lesson.id);
  const hostRef = useRef<HTMLDivElement>(null);
  const player = useRef<LessonPlayer | null>(null);
  const first = useRef(true);
  // Presentation mode: only the lesson and its charts stay on screen.
  const [presenting, setPresenting] = useState(link.present);
  const teacher = link.teacher && lessonId === link.lesson.id;

  useEffect(() => {
    const wasRunning = useExplorer.getState().status.running;
    if (wasRunning) controller.pause();
    return () => {
      if (wasRunning) controller.play();
    };
  }, [controller]);

  useEffect(() => {
    const host = hostRef.current;
    const lesson = LESSONS.find((l) => l.id === lessonId);
    if (!host || !lesson || teacher) return;
    // The link's step and fields belong to the lesson it named; another lesson starts at its first step.
    const fromLink = first.current && lesson.id === link.lesson.id;
    first.current = false;
    const extra = fromLink ? link.extra : {};
    const url = (i: number, present: boolean) =>
      new URL(learnSearch(lesson.id, i, present, extra), location.href).toString();
    const p = mountPlayer(host, lessonWorker(), {
      lesson,
      stepIndex: fromLink ? link.stepIndex : 0,
      extra,
      present: fromLink && link.present,
      single: false,
      stepUrl: url,
      onNavigate: (i, present) => {
        history.replaceState(history.state, '', url(i, present));
        setPresenting(present);
      },
    });
    p.setTheme(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
    player.current = p;
    installLearnHook(() => player.current);
    void p.start();
    return () => {
      player.current = null;
      p.dispose();
    };
  }, [lessonId, link, teacher]);

  useEffect(() => player.current?.setTheme(theme), [theme]);

  return (
    <div className={presenting ? 'learn-page presenting' : 'learn-page'}>
      <header className="topbar">
        <h1>TSQ Lab</h1>
        <ViewSwitch />
        <ThemeToggle theme={theme} />
      </header>
      {link.notices.length > 0 && (
        <div className="learn-notice" role="status">
          <p>Not used from the link:</p>
          <ul>
            {link.notices.map((n) => (
              <li key={`${n.field}${n.value}`}>{noticeText(n)}</li>
            ))}
          </ul>
        </div>
      )}
      <main className="learn-main">
        <nav className="lesson-list" aria-label="Lessons">
          <h2>Lessons</h2>
          <ol>
            {LESSONS.map((l) => (
              <li key={l.id}>
                <button
                  type="button"
                  aria-current={l.id === lessonId ? 'true' : undefined}
                  data-testid={`lesson-${l.id}`}
                  onClick={() => setLessonId(l.id)}
                >
                  <span className="lesson-name">{l.title}</span>
                  <span className="lesson-meta">{l.steps.length} steps</span>
                </button>
                <p className="lesson-summary">{l.summary}</p>
                <a
                  className="lesson-teacher"
                  href={learnSearch(l.id, 0, false) + '&teacher=1'}
                  data-testid={`teacher-${l.id}`}
                >
                  Teacher’s page
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {teacher ? (
          <TeacherPage
            lesson={link.lesson}
            worker={lessonWorker}
            stepUrl={(i) => new URL(learnSearch(link.lesson.id, i, false), location.href).toString()}
          />
        ) : (
          <div className="player-host" ref={hostRef} data-testid="lesson-player" />
        )}
      </main>
      <GlossaryList />
    </div>
  );
}
