/**
 * A lesson's teacher's page (?view=learn&lesson=<id>&teacher=1): one
 * printable page with the 50-minute plan, each step's link, and each
 * question with the answer the class's run will give (computed here by the
 * same runs, headless, in a worker of its own) — the thread's measured
 * answer where the step grades against it.
 */
import { useEffect, useState } from 'react';
import type { Lesson } from '../../sim/lessons/format';
import type { Summary } from '../../sim/api';
import { citationNode } from './player-layout';
import { LessonRuntime } from './lesson-runtime';
import {
  CLASS_MINUTES,
  expectedAnswer,
  minutesPerStep,
  PLAN_EDGES,
  stepRequests,
  type ExpectedAnswer,
} from './teacher-plan';

type Answers = Record<number, ExpectedAnswer | { error: string }>;

/** Runs each question's step headless, one after the other, and reports the answers as they come. */
function useAnswers(lesson: Lesson, worker: () => Worker): Answers {
  const [answers, setAnswers] = useState<Answers>({});
  useEffect(() => {
    const rt = new LessonRuntime(worker());
    let live = true;
    void (async () => {
      await rt.connect();
      for (const [i, step] of lesson.steps.entries()) {
        if (!step.predict || !live) continue;
        const { run, main, compare } = stepRequests(step);
        const r = await rt.runHeadless(main);
        const cmp = new Map<string, Summary>();
        for (const c of compare) {
          const cr = await rt.runHeadless(c.req);
          if (cr.ok) cmp.set(c.id, cr.summaries[0]);
        }
        if (!live) return;
        const a = r.ok ? expectedAnswer(step, run, r.summaries, cmp) : null;
        setAnswers((s) => ({ ...s, [i]: a ?? { error: r.ok ? 'no question' : r.error } }));
      }
    })();
    return () => {
      live = false;
      rt.dispose();
    };
  }, [lesson, worker]);
  return answers;
}

function Sources({ lesson }: { lesson: Lesson }) {
  return (
    <p
      className="teacher-sources"
      ref={(p) => {
        if (p && !p.childElementCount) lesson.sources.forEach((s) => p.append(citationNode(s), ' '));
      }}
    />
  );
}

export function TeacherPage({
  lesson,
  stepUrl,
  worker,
}: {
  lesson: Lesson;
  stepUrl: (i: number) => string;
  worker: () => Worker;
}) {
  const answers = useAnswers(lesson, worker);
  const minutes = minutesPerStep(lesson);
  const asked = lesson.steps.filter((s) => s.predict).length;
  const ready = Object.keys(answers).length === asked;
  let at = PLAN_EDGES.openMin;
  return (
    <article className="teacher-page" data-testid="teacher-page" data-ready={ready ? 'true' : 'false'}>
      <header>
        <h2>
          Teacher’s page: {lesson.title} <span className="muted">({CLASS_MINUTES} minutes)</span>
        </h2>
        <p>{lesson.summary}</p>
        <button type="button" className="no-print" onClick={() => window.print()}>
          Print
        </button>
      </header>
      <ol className="teacher-plan">
        <li>
          <span className="teacher-time">0–{PLAN_EDGES.openMin} min</span> Opening: what a queue below a
          socket is, and what the class will measure.
        </li>
        {lesson.steps.map((s, i) => {
          const from = at;
          at += minutes[i];
          const a = answers[i];
          return (
            <li key={s.id} data-testid={`teacher-step-${i + 1}`}>
              <span className="teacher-time">
                {from}–{at} min
              </span>{' '}
              <a href={stepUrl(i)}>
                Step {i + 1}: {s.title}
              </a>
              {s.predict && (
                <div className="teacher-q">
                  {!a && <p className="muted">Running the step for its answer…</p>}
                  {a && 'error' in a && <p className="error">The run could not start: {a.error}</p>}
                  {a && !('error' in a) && (
                    <>
                      <p>
                        <strong>Ask:</strong> {a.prompt}
                      </p>
                      {a.options.length > 0 && (
                        <ul className="teacher-options">
                          {a.options.map((o) => (
                            <li key={o}>{o}</li>
                          ))}
                        </ul>
                      )}
                      <p data-testid="teacher-answer" data-basis={a.basis}>
                        <strong>Expected answer</strong>{' '}
                        {a.basis === 'published' ? '(the thread’s measurement)' : '(the class’s run)'}:{' '}
                        {a.answer}
                        {a.simulation && (
                          <> — the class’s run gives {a.simulation}: discuss why the model differs.</>
                        )}
                      </p>
                      {a.explain && <p className="muted">{a.explain}</p>}
                    </>
                  )}
                </div>
              )}
            </li>
          );
        })}
        <li>
          <span className="teacher-time">
            {at}–{CLASS_MINUTES} min
          </span>{' '}
          Closing: which of the predictions were right, and where the model and the measurements part.
        </li>
      </ol>
      <Sources lesson={lesson} />
    </article>
  );
}
