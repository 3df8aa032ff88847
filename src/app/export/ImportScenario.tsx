/**
 * "Load scenario…": a file picker, and a drop target over the whole page
 * while a file is dragged in. The outcome (what loaded, or every problem by
 * field) goes to the share notices; a refused file changes nothing.
 */
import { useCallback, useState } from 'react';
import { FilePicker } from '../controls/FilePicker';
import { useExplorerContext } from '../explorer-context';
import { useShare } from '../share/share-store';
import { importScenario, readScenarioFile } from './import-scenario';
import { isFlentFileName } from '../flent/load-measurement';

/** Flent data files are measurements: LoadMeasurement takes them. */
const isScenarioFileName = (name: string) => !isFlentFileName(name);

export function ImportScenario() {
  const { controller } = useExplorerContext();
  const [dragging, setDragging] = useState(false);

  const read = useCallback(
    async (file: File) => {
      const show = useShare.getState().show;
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
      }
    },
    [controller],
  );

  return (
    <>
      <FilePicker
        read={read}
        label="Load scenario…"
        busyLabel="Loading…"
        title="Load a scenario file saved with Export → Scenario (or drop it on the page)"
        accept=".json,application/json"
        fileLabel="Scenario file"
        testId="import-scenario"
        fileTestId="import-file"
        drop={{ accepts: isScenarioFileName, onDragging: setDragging }}
      />
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <p>Drop a scenario file to load it, or a Flent data file to lay it over the run</p>
        </div>
      )}
    </>
  );
}
