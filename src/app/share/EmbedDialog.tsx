/**
 * "Embed…": choose the panels and controls a post should show and its
 * theme, then copy an iframe snippet (the embed page) or the <tsq-lab>
 * element snippet. Both carry the current preset, changed parameters and seed.
 */
import { useId, useRef, useState } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useExplorer } from '../state/explorer-store';
import { useUi } from '../state/ui-store';
import { buildTracks } from '../charts/tracks';
import { usePointPresence } from '../charts/use-point-presence';
import { ERA_KEY } from '../controls/ControlsPanel';
import type { Panel } from '../../worker/protocol';
import { currentShareState } from './app-share';
import { CDN_ELEMENT_URL, elementScriptUrl } from './element-script';
import { elementSnippet, embedHeightPx, embedUrl, iframeSnippet, type EmbedOptions } from './embed-snippet';
import type { EmbedTheme } from './url-state';

function Snippet({ label, text, testId }: { label: string; text: string; testId: string }) {
  const id = useId();
  const [copied, setCopied] = useState('');
  return (
    <div className="snippet">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        readOnly
        rows={4}
        value={text}
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="snippet-actions">
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => setCopied('Copied.'),
              () => setCopied('Select the text and copy it.'),
            )
          }
        >
          Copy
        </button>
        <span role="status">{copied}</span>
      </div>
    </div>
  );
}

const DEFAULT_PANELS = 2;

function EmbedForm() {
  const { scheduler, chartTheme } = useExplorerContext();
  const { series, params, presets, presetId, overrides, points: announced } = useExplorer();
  const hiddenPanels = useUi((s) => s.hiddenPanels);
  // The panels the explorer shows (announced at load or arrived since), not only those with points yet.
  const points = usePointPresence(scheduler.buffers, announced);
  const tracks = buildTracks(series, chartTheme, points, announced.categories);
  const knobs = params.filter((p) => p.key !== ERA_KEY);
  // Two panels by default (a post's column holds about 600 px of them); more are a tick away.
  const [panels, setPanels] = useState<Panel[]>(() =>
    tracks
      .map((t) => t.panel)
      .filter((p) => !hiddenPanels.includes(p))
      .slice(0, DEFAULT_PANELS),
  );
  const [controls, setControls] = useState<string[]>(() => {
    const changed = knobs.filter((k) => k.key in overrides).map((k) => k.key);
    return changed.length ? changed : knobs.slice(0, 1).map((k) => k.key);
  });
  const [theme, setTheme] = useState<EmbedTheme | ''>('');
  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const title = `TSQ Lab: ${presets.find((p) => p.id === presetId)?.title ?? presetId}`;
  // The frame is as tall as the chosen panels and controls need at their own heights.
  const heightPx = embedHeightPx(
    tracks.filter((t) => panels.includes(t.panel)).map((t) => t.heightPx),
    controls.length,
  );
  const opts: EmbedOptions = {
    panels: tracks.map((t) => t.panel).filter((p) => panels.includes(p)),
    controls: knobs.map((k) => k.key).filter((k) => controls.includes(k)),
    theme: theme || undefined,
    heightPx,
    title,
  };
  // Panels come from the choices above; zoom and speed stay as in the explorer.
  const state = { ...currentShareState(), panels: undefined };
  const appBase = new URL('./', location.href).toString();
  const url = embedUrl(appBase, state, opts);

  return (
    <>
      <div className="embed-choices">
        <fieldset>
          <legend>Panels</legend>
          {tracks.map((t) => (
            <label key={t.panel}>
              <input
                type="checkbox"
                checked={panels.includes(t.panel)}
                onChange={() => setPanels(toggle(panels, t.panel))}
              />{' '}
              {t.title}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Controls</legend>
          {knobs.map((k) => (
            <label key={k.key}>
              <input
                type="checkbox"
                checked={controls.includes(k.key)}
                onChange={() => setControls(toggle(controls, k.key))}
              />{' '}
              {k.label}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>Theme</span>
          <select
            value={theme}
            onChange={(e) => setTheme(e.target.value as EmbedTheme | '')}
            data-testid="embed-theme"
          >
            <option value="">Match the page (light or dark)</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </div>
      <Snippet label="iframe (any page)" text={iframeSnippet(url, opts)} testId="embed-iframe-snippet" />
      <Snippet
        label="Web component (one script and one tag)"
        text={elementSnippet(elementScriptUrl(appBase, import.meta.env.VITE_TSQ_LAB_ELEMENT_URL), state, {
          ...opts,
          appUrl: appBase,
        })}
        testId="embed-element-snippet"
      />
      <p data-testid="embed-self-host">
        The script is this site’s own <code>lib/tsq-lab.js</code>: the snippet works as long as this site
        serves it. To host it yourself, copy that file beside your page and point <code>src</code> at it. Once
        the tsq-lab package is published on npm, <code>{CDN_ELEMENT_URL}</code> is another option.
      </p>
      <p>
        <a href={url} target="_blank" rel="noopener">
          Open the embed in a new tab
        </a>
      </p>
    </>
  );
}

export function EmbedDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <>
      <button
        type="button"
        data-testid="embed-open"
        onClick={() => {
          setOpen(true);
          ref.current?.showModal();
        }}
      >
        Embed…
      </button>
      <dialog ref={ref} className="embed-dialog" aria-labelledby={headingId} onClose={() => setOpen(false)}>
        <div className="dialog-head">
          <h2 id={headingId}>Embed this view</h2>
          <button type="button" onClick={() => ref.current?.close()}>
            Close
          </button>
        </div>
        {open && <EmbedForm />}
      </dialog>
    </>
  );
}
