/**
 * The lessons built on a free-play preset, so that the Experiments view can
 * link a scene to the lesson that asks about it. Named here rather than read
 * from the lessons, which live in the Learn view's chunk and would otherwise
 * load with the explorer; lesson-links.test.ts holds this list to them.
 */
export interface LessonLink {
  lessonId: string;
  title: string;
}

export const PRESET_LESSONS: Readonly<Record<string, readonly LessonLink[]>> = {
  'first-tsq': [
    { lessonId: 'why-tsq', title: 'Why TCP Small Queues exist' },
    { lessonId: 'tsq-budget', title: 'The TSQ budget' },
  ],
  'udp-flood-pfifo-vs-fq-codel': [{ lessonId: 'udp-flood', title: 'One flow that never slows down' }],
};

/** The Learn view at a lesson's first step (learn-url.ts's learnSearch form). */
export const lessonHref = (lessonId: string): string =>
  `?${new URLSearchParams({ view: 'learn', lesson: lessonId, step: '1' }).toString()}`;
