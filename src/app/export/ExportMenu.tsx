/**
 * The Export menu: a figure of the chosen panels (SVG with vector paths, PNG
 * at 2× or 3×) over the visible window or the whole run the buffers hold,
 * each chart alone, the run's series and summary as CSV and JSON, and the
 * scenario as a file that Load scenario reads back. Everything is computed
 * when chosen, never while the run draws (./use-export-actions.ts); the
 * sections are ./ExportSections.tsx.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useExplorer } from '../state/explorer-store';
import { useUi } from '../state/ui-store';
import { buildTracks } from '../charts/tracks';
import { ChartList, FigureSection, RunDataSection, ScenarioSection, useFigureChoice } from './ExportSections';
import { useExportActions } from './use-export-actions';
import './export.css';

/** Closes the menu on a click elsewhere, as menus do. */
function useCloseOnOutsideClick(
  open: boolean,
  ref: React.RefObject<HTMLElement | null>,
  setOpen: (open: boolean) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, ref, setOpen]);
}

export function ExportMenu() {
  const series = useExplorer((s) => s.series);
  const hiddenPanels = useUi((s) => s.hiddenPanels);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const ref = useRef<HTMLDetailsElement>(null);
  const x = useExportActions(setStatus);
  const choice = useFigureChoice();
  const tracks = open
    ? buildTracks(series, x.chartTheme, { agg: x.buf.agg.length > 0, ping: x.buf.ping.length > 0 }).filter(
        (t) => !hiddenPanels.includes(t.panel),
      )
    : [];
  useCloseOnOutsideClick(open, ref, setOpen);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      ref.current?.querySelector('summary')?.focus();
    }
  };
  return (
    <details
      ref={ref}
      className="menu export-menu"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={onKeyDown}
    >
      <summary data-testid="export-menu">Export</summary>
      {open && (
        <div className="menu-body">
          <FigureSection tracks={tracks} x={x} choice={choice} />
          <ChartList tracks={tracks} x={x} />
          <RunDataSection x={x} setStatus={setStatus} />
          <ScenarioSection x={x} />
          <p className="menu-status" role="status">
            {status}
          </p>
        </div>
      )}
    </details>
  );
}
