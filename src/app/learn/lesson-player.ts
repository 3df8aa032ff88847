/**
 * The lesson player: one renderer for the Learn view, the <tsq-lab lesson>
 * element and presentation mode. It draws a lesson step (prose bound to the
 * run, prediction, knobs, follow-one-skb, figure and packet path) from a
 * StepController on its own LessonRuntime, and moves between steps. DOM
 * calls only, inside the shadow root its host gives it.
 */
import { readChartTheme } from '../charts/chart-theme';
import { formatNs } from '../format';
import type { Lesson } from '../../sim/lessons/format';
import { renderText, type RenderEnv } from '../../sim/lessons/render';
import type { ParamValue } from '../../worker/protocol';
import { mountControl, type MountedControl } from '../../embed/widget-controls';
import { el } from '../../embed/el';
import { LessonRuntime } from './lesson-runtime';
import { StepController, type StepState } from './step-controller';
import { buildLayout, type Layout } from './player-layout';
import { renderPieces, updateValues } from './player-text';
import { predictView, type PredictView } from './player-predict';
import { ruleView, type RuleView } from './player-rule';
import { mountFigure } from './player-figure';
import { mountPath } from './player-path';
import { followView, type FollowView } from './player-follow';
import { playerKeys, presentKeys } from './player-keys';
import { appBase, embedPanel } from './lesson-embed';

const stringsOf = (o: Record<string, ParamValue>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

export interface PlayerOptions {
  lesson: Lesson;
  stepIndex: number;
  /** Fields a link sets on top of every step's own (as --set reads them). */
  extra: Record<string, ParamValue>;
  present: boolean;
  /** Embedded: this one step, no lesson navigation, a link to the full app. */
  single: boolean;
  /** The step's link (the full app's URL for a step). */
  stepUrl(stepIndex: number, present: boolean): string;
  /** The reader moved to another step or mode (the host keeps its URL in step). */
  onNavigate?(stepIndex: number, present: boolean): void;
}

const STATE_TEXT: Record<StepState, string> = {
  loading: 'Setting up the run…',
  ask: 'Answer the question to go on.',
  ready: 'Ready.',
  running: 'Running…',
  done: 'Done: the numbers are final.',
  free: 'Running on: the numbers are live.',
  error: 'The run could not start.',
};

export class LessonPlayer {
  readonly rt: LessonRuntime;
  readonly ui: Layout;
  ctl!: StepController;
  index: number;
  present: boolean;
  private predict: PredictView | null = null;
  private rule: RuleView | null = null;
  /** The step's prose is out: its prediction was answered and scored (or it has none). */
  private revealed = false;
  private follow: FollowView;
  private controls: MountedControl[] = [];
  private unmount: (() => void)[] = [];
  private offCtl: (() => void) | null = null;
  private disposed = false;
  private unkeys: () => void = () => undefined;

  constructor(
    host: ShadowRoot | HTMLElement,
    worker: Worker,
    private readonly opts: PlayerOptions,
  ) {
    this.rt = new LessonRuntime(worker);
    this.index = Math.min(Math.max(0, opts.stepIndex), opts.lesson.steps.length - 1);
    this.present = opts.present;
    this.ui = buildLayout(opts.lesson, opts.single);
    this.ui.root.classList.toggle('single', opts.single);
    this.ui.root.dataset.lesson = opts.lesson.id;
    this.ui.root.classList.toggle('present', this.present);
    this.ui.present.setAttribute('aria-pressed', String(this.present));
    host.append(this.ui.root);
    this.follow = followView(
      this.rt,
      () => this.ctl,
      () => this.rt.scheduler.invalidate(true),
    );
    this.ui.follow.append(this.follow.root);
    if (!opts.single)
      this.ui.tools.append(
        embedPanel(() => ({
          base: appBase(opts.stepUrl(this.index, false)),
          ref: { lessonId: opts.lesson.id, stepIndex: this.index, extra: stringsOf(opts.extra) },
          title: `${opts.lesson.title}: ${opts.lesson.steps[this.index].title}`,
        })),
      );
    this.wire();
    this.rt.on((e) => {
      if (e === 'summary' || e === 'values' || e === 'status') this.renderText();
      if (e === 'hops') this.follow.refresh();
      if (e === 'load') this.remountFigure();
    });
    this.rt.scheduler.add((s) => {
      const t = formatNs(s.nowNs);
      if (this.ui.clock.textContent !== t) this.ui.clock.textContent = t;
    });
  }

  private wire(): void {
    const u = this.ui;
    u.run.addEventListener('click', () => (this.rt.running ? this.ctl.pause() : void this.ctl.play()));
    u.skip.addEventListener('click', () => void this.ctl.skip());
    u.restart.addEventListener('click', () => void this.goTo(this.index));
    u.followStart.addEventListener('click', () => {
      void this.ctl.followNow().then(() => {
        if (!this.rt.running) void this.ctl.play();
      });
    });
    u.prev.addEventListener('click', () => void this.goTo(this.index - 1, true));
    u.next.addEventListener('click', () => void this.goTo(this.index + 1, true));
    u.present.addEventListener('click', () => this.setPresent(!this.present));
    u.fullscreen.addEventListener('click', () => void this.toggleFullscreen());
    u.root.addEventListener('keydown', playerKeys(this));
    this.unkeys = presentKeys(this);
    this.opts.lesson.steps.forEach((s, i) => {
      const b = el('button', 'step-dot', String(i + 1));
      b.type = 'button';
      b.title = s.title;
      b.setAttribute('aria-label', `Step ${i + 1}: ${s.title}`);
      b.addEventListener('click', () => void this.goTo(i, true));
      u.steps.append(b);
    });
  }

  async start(): Promise<void> {
    await this.rt.connect();
    await this.goTo(this.index);
  }

  /** Shows step `i` (clamped) and sets up its run; `focus` moves focus to its title. */
  async goTo(i: number, focus = false): Promise<void> {
    if (this.disposed) return;
    this.index = Math.min(Math.max(0, i), this.opts.lesson.steps.length - 1);
    const step = this.opts.lesson.steps[this.index];
    this.ctl?.dispose();
    this.offCtl?.();
    this.ctl = new StepController(this.rt, step, this.opts.extra);
    this.offCtl = this.ctl.on(() => this.renderState());
    this.ui.root.dataset.step = step.id;
    this.revealed = !step.predict;
    this.ui.stepTitle.textContent = `Step ${this.index + 1} of ${this.opts.lesson.steps.length}: ${step.title}`;
    this.ui.steps.querySelectorAll('button').forEach((b, k) => {
      if (k === this.index) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    });
    this.ui.prev.disabled = this.index === 0;
    this.ui.next.disabled = this.index === this.opts.lesson.steps.length - 1;
    this.ui.link.href = this.opts.stepUrl(this.index, this.present);
    this.buildPredict();
    const rule = step.rule;
    this.rule = rule ? ruleView(rule) : null;
    this.ui.rule.replaceChildren(...(this.rule ? [this.rule.root] : []));
    this.opts.onNavigate?.(this.index, this.present);
    if (focus) this.ui.stepTitle.focus();
    await this.ctl.load();
    this.buildTry();
    this.follow.refresh();
    this.renderState();
  }

  private buildPredict(): void {
    const p = this.ctl.step.predict;
    this.ui.predict.replaceChildren();
    this.predict = p ? predictView(p, (a) => void this.ctl.answerWith(a)) : null;
    if (this.predict) this.ui.predict.append(this.predict.root);
  }

  private buildTry(): void {
    this.controls.forEach((c) => c.unmount());
    this.controls = [];
    const t = this.ctl.step.tryIt;
    this.ui.tryIt.replaceChildren();
    this.ui.tryIt.hidden = !t;
    if (!t) return;
    const box = el('div', 'controls');
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', 'Try it yourself');
    const prompt = el('p', 'try-prompt');
    this.ui.tryIt.append(el('h4', undefined, 'Try it yourself'), prompt, box);
    const rt = this.rt;
    for (const key of t.knobs) {
      const spec = rt.params.find((p) => p.key === key);
      if (!spec) continue;
      const knobHost = {
        get values() {
          return rt.values;
        },
        get errors() {
          return rt.errors;
        },
        setParam: (k: string, v: ParamValue) => {
          rt.values = { ...rt.values, [k]: v };
          void this.ctl.tryKnob(k, v, spec.live);
        },
      };
      this.controls.push(mountControl(box, spec, knobHost));
    }
  }

  private remountFigure(): void {
    this.unmount.forEach((f) => f());
    this.ui.charts.replaceChildren();
    this.ui.path.replaceChildren();
    const step = this.ctl?.step;
    if (!step) return;
    const theme = readChartTheme(this.ui.root);
    const spanNs = (step.figure.spanMs ?? 2000) * 1e6;
    this.rt.view.getState().setView({ follow: true, spanNs, endNs: 0 });
    const followed = () => this.follow.followed();
    this.unmount = [
      mountFigure(this.ui.charts, this.rt, {
        figure: step.figure,
        highlight: step.highlight,
        marksNs: (step.marks ?? []).map((m) => m.atMs * 1e6),
        followed,
        firstOnly: this.present,
      }),
      mountPath(this.ui.path, this.rt, { layer: step.highlight?.layer, followed, theme }),
    ];
  }

  private env(): RenderEnv {
    return {
      seriesUnit: (k) => this.rt.series.find((s) => s.key === k)?.unit,
      presetId: this.ctl.run.presetId,
      changes: this.ctl.run.changes,
    };
  }

  /** The prose, the prompt and the result, against the run as it is now. */
  renderText(): void {
    if (!this.ctl) return;
    const ctx = this.ctl.context();
    const env = this.env();
    const seen = new Set<string>();
    const pr = this.ctl.step.predict;
    const score = this.ctl.score();
    // Question first: the prose tells what happened, so it waits for the answer and the run's numbers.
    this.revealed ||= score !== null;
    this.ui.paragraphs.hidden = !this.revealed;
    this.ui.held.hidden = this.revealed;
    this.ui.held.textContent =
      this.ctl.answer === null
        ? 'What happened, and why, follows your answer.'
        : 'What happened, and why, follows once the run has its numbers.';
    const paras = this.revealed ? this.ctl.step.text.map((t) => renderText(t, ctx, env, seen)) : [];
    const box = this.ui.paragraphs;
    const same =
      box.childElementCount === paras.length &&
      paras.every((p, i) => updateValues(box.children[i] as HTMLElement, p));
    if (!same)
      box.replaceChildren(
        ...paras.map((pieces) => {
          const p = el('p');
          renderPieces(p, pieces);
          return p;
        }),
      );
    if (pr && this.predict)
      this.predict.update(
        this.ctl.state === 'ask',
        this.ctl.answer,
        score,
        renderText(pr.prompt, ctx, env, seen),
        pr.explain ? renderText(pr.explain, ctx, env, seen) : null,
      );
    const rule = this.ctl.step.rule;
    if (rule && this.rule) this.rule.update(rule.lines.map((l) => renderText(l, ctx, env, new Set())));
    const t = this.ctl.step.tryIt;
    const prompt = this.ui.tryIt.querySelector('.try-prompt');
    if (t && prompt) renderPieces(prompt as HTMLElement, renderText(t.prompt, ctx, env, seen));
  }

  private renderState(): void {
    const c = this.ctl;
    const u = this.ui;
    u.root.dataset.state = c.state;
    u.state.textContent = c.state === 'error' ? `${STATE_TEXT.error} ${c.error ?? ''}` : STATE_TEXT[c.state];
    const running = c.state === 'running' || c.state === 'free';
    u.run.textContent = running ? 'Pause' : c.state === 'done' ? 'Run on' : 'Run';
    u.run.disabled = c.state === 'ask' || c.state === 'loading' || c.state === 'error';
    u.skip.disabled = u.run.disabled || c.state === 'done' || c.state === 'free';
    u.followStart.disabled = c.following || u.run.disabled;
    u.notice.hidden = !c.error;
    u.notice.textContent = c.error ?? '';
    this.controls.forEach((m) => m.sync());
    this.follow.refresh();
    this.renderText();
  }

  /** The skb follow-one-skb shows, if any. */
  followed(): number | null {
    return this.follow.followed();
  }

  setPresent(on: boolean): void {
    this.present = on;
    this.ui.root.classList.toggle('present', on);
    this.ui.present.setAttribute('aria-pressed', String(on));
    this.ui.link.href = this.opts.stepUrl(this.index, on);
    this.opts.onNavigate?.(this.index, on);
    this.remountFigure();
  }

  async toggleFullscreen(): Promise<void> {
    const doc = this.ui.root.ownerDocument;
    if (doc.fullscreenElement) await doc.exitFullscreen();
    else await this.ui.root.requestFullscreen?.().catch(() => undefined);
  }

  setTheme(t: 'light' | 'dark'): void {
    this.ui.root.classList.toggle('dark', t === 'dark');
    this.ui.root.classList.toggle('light', t === 'light');
    this.remountFigure();
  }

  dispose(): void {
    this.disposed = true;
    this.unkeys();
    this.ctl?.dispose();
    this.unmount.forEach((f) => f());
    this.controls.forEach((c) => c.unmount());
    this.rt.dispose();
    this.ui.root.remove();
  }
}
