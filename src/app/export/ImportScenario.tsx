/**
 * "Load scenario…": a file picker, and a drop target over the whole page
 * while a file is dragged in. The outcome (what loaded, or every problem by
 * field) goes to the share notices; a refused file changes nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useExplorerContext } from '../explorer-context';
import { useShare } from '../share/share-store';
import { importScenario, readScenarioFile } from './import-scenario';
import { isFlentFileName } from '../flent/load-measurement';

const hasFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');

export function ImportScenario() {
  const { controller } = useExplorerContext();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (file: File) => {
      const show = useShare.getState().show;
      setBusy(true);
      try {
        const r = await importScenario(await readScenarioFile(file), controller);
        if (r.ok) show(file.name, 'info', [{ field: 'Loaded', reason: r.message }]);
        else
          show(
            file.name,
            'error',
            r.errors.map((e) => ({ field: '', reason: e })),
          );
      } catch (e) {
        show(file.name, 'error', [{ field: '', reason: (e as Error).message }]);
      } finally {
        setBusy(false);
      }
    },
    [controller],
  );

  useEffect(() => {
    // Counting enter/leave pairs: leave also fires when moving between child elements.
    let depth = 0;
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const onLeave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (!depth) setDragging(false);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      // Flent data files are measurements: LoadMeasurement takes them.
      if (file && !isFlentFileName(file.name)) void load(file);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [load]);

  return (
    <>
      <button
        type="button"
        data-testid="import-scenario"
        disabled={busy}
        onClick={() => inputRef.current?.click()}
        title="Load a scenario file saved with Export → Scenario (or drop it on the page)"
      >
        {busy ? 'Loading…' : 'Load scenario…'}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Scenario file"
        data-testid="import-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void load(f);
        }}
      />
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <p>Drop a scenario file to load it, or a Flent data file to lay it over the run</p>
        </div>
      )}
    </>
  );
}
