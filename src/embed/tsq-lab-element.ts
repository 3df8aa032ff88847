/**
 * <tsq-lab preset="…" controls="tcp.sk_pacing_shift" panels="occupancy,latency">:
 * a live TSQ Lab figure for any page. Attributes use the names of the share
 * link (preset, seed, speed, panels, controls, theme, zoom) plus
 * set="path=value; path=value" for parameters and at="7.4s:path=value; …"
 * for knob changes at simulated times (a scripted figure); `query` takes a whole link
 * query instead. Each element runs its own worker, plays while it is on
 * screen (unless autoplay="false" or the reader prefers reduced motion) and
 * follows the host page's light or dark look unless `theme` is given.
 */
import { decodeShareState, shown, type ShareNotice } from '../app/share/url-state';
import type { TsqLabElement as TsqLabElementApi } from './element-api';
import type { LessonPlayer } from '../app/learn/lesson-player';
import { mountPlayer } from '../app/learn/mount-player';
import { LESSON_ATTRS, lessonNoticeBox, lessonOfElement } from './element-lesson';
import { appUrlOf, queryOfAttributes, STATE_ATTRS } from './element-attrs';
import { LabWidget } from './lab-widget';
import { WIDGET_CSS } from './widget-css';
import { detectTheme, watchHostTheme } from './widget-theme';

export function defineTsqLab(createWorker: () => Worker, defaultAppUrl: () => string, tag = 'tsq-lab'): void {
  if (customElements.get(tag)) return;

  class TsqLabElement extends HTMLElement implements TsqLabElementApi {
    static observedAttributes = [...STATE_ATTRS, 'set', 'at', 'query', 'app-url', ...LESSON_ATTRS];
    private widget: LabWidget | null = null;
    /** With lesson="…" (and step="…"), the element shows that lesson step instead of a free figure. */
    private lessonPlayer: LessonPlayer | null = null;
    private stopTheme: (() => void) | null = null;
    private io: IntersectionObserver | null = null;
    private rebuildQueued = false;

    /** Loaded and drawing (for tests and host scripts). */
    get ready(): boolean {
      return !!this.widget?.ready;
    }

    get simulatedNs(): number {
      return this.widget?.runtime.buffers.nowNs ?? 0;
    }

    get running(): boolean {
      return !!this.widget?.runtime.running;
    }

    values(): Record<string, unknown> {
      return { ...(this.widget?.runtime.values ?? {}) };
    }

    play(): void {
      if (this.widget) this.widget.userPaused = false;
      this.widget?.runtime.play();
    }

    pause(): void {
      if (this.widget) this.widget.userPaused = true;
      this.widget?.runtime.pause();
    }

    connectedCallback(): void {
      this.build();
    }

    disconnectedCallback(): void {
      this.teardown();
    }

    attributeChangedCallback(): void {
      if (!this.widget || this.rebuildQueued) return;
      // Several attributes set in a row rebuild once.
      this.rebuildQueued = true;
      queueMicrotask(() => {
        this.rebuildQueued = false;
        if (!this.isConnected) return;
        this.teardown();
        this.build();
      });
    }

    private build(): void {
      const appUrl0 = this.getAttribute('app-url') ?? defaultAppUrl();
      const lesson = lessonOfElement(this, appUrl0);
      if (lesson) {
        const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        this.lessonPlayer = mountPlayer(shadow, createWorker(), lesson.options);
        this.lessonPlayer.setTheme(this.getAttribute('theme') === 'dark' ? 'dark' : detectTheme(this));
        const p = this.lessonPlayer;
        const box = lessonNoticeBox(lesson.notices);
        if (box) p.ui.root.insertBefore(box, p.ui.notice);
        void p
          .start()
          .then(() =>
            this.dispatchEvent(new CustomEvent('tsq-lab-ready', { bubbles: true, composed: true })),
          );
        return;
      }
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      if (!shadow.adoptedStyleSheets.length) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(WIDGET_CSS);
        shadow.adoptedStyleSheets = [sheet];
      }
      const { state, notices } = decodeShareState(queryOfAttributes(this));
      const raw = this.getAttribute('app-url');
      const given = appUrlOf(raw, document.baseURI);
      if (given.reason) notices.push({ field: 'app-url', value: shown(raw ?? ''), reason: given.reason });
      const appUrl = given.url ?? defaultAppUrl();
      const widget = new LabWidget(shadow, createWorker(), {
        state,
        appUrl,
        fill: this.hasAttribute('fill'),
        notices: notices.map((n): ShareNotice => n),
      });
      this.widget = widget;
      const applyTheme = () => widget.setTheme(state.theme ?? detectTheme(this));
      applyTheme();
      this.stopTheme = state.theme ? null : watchHostTheme(applyTheme);
      void widget.start().then(() => {
        if (this.widget !== widget) return;
        this.dispatchEvent(new CustomEvent('tsq-lab-ready', { bubbles: true, composed: true }));
        this.watchVisibility(widget);
      });
    }

    /** Plays while on screen: a figure out of view costs no CPU. */
    private watchVisibility(widget: LabWidget): void {
      const auto =
        this.getAttribute('autoplay') !== 'false' && !matchMedia('(prefers-reduced-motion: reduce)').matches;
      if (!auto) return;
      this.io = new IntersectionObserver((entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (visible && !widget.userPaused) widget.runtime.play();
        else if (!visible) widget.runtime.pause();
      });
      this.io.observe(this);
    }

    private teardown(): void {
      this.lessonPlayer?.dispose();
      this.lessonPlayer = null;
      this.io?.disconnect();
      this.io = null;
      this.stopTheme?.();
      this.stopTheme = null;
      this.widget?.dispose();
      this.widget = null;
    }
  }

  customElements.define(tag, TsqLabElement);
}
