/**
 * "Load measurement…": a file picker for Flent data files, and the page's
 * drop target takes them too (Load scenario leaves Flent file names to this).
 * The file is read in a worker: meanwhile its progress shows beside the
 * button, with Cancel. A refused file gets its message in the measurement
 * panel; nothing else changes.
 */
import { useEffect } from 'react';
import { FilePicker } from '../controls/FilePicker';
import { cancelMeasurementLoad, isFlentFileName, loadMeasurement, progressText } from './load-measurement';
import { installFlentHook } from './flent-hook';
import { useMeasured } from './measured-store';

function LoadProgress() {
  const loading = useMeasured((s) => s.loading);
  if (!loading) return null;
  return (
    <span className="measurement-loading">
      <span role="status" data-testid="measurement-progress">
        {progressText(loading)}
      </span>{' '}
      <button type="button" data-testid="cancel-measurement" onClick={cancelMeasurementLoad}>
        Cancel
      </button>
    </span>
  );
}

export function LoadMeasurement() {
  useEffect(() => installFlentHook(), []);
  return (
    <>
      <FilePicker
        read={loadMeasurement}
        label="Load measurement…"
        busyLabel="Reading…"
        title="Lay a real Flent measurement (.flent.gz) over the simulated run (or drop it on the page)"
        accept=".gz,.flent,application/gzip,application/json"
        fileLabel="Flent data file"
        testId="load-measurement"
        fileTestId="measurement-file"
        drop={{ accepts: isFlentFileName }}
      />
      <LoadProgress />
    </>
  );
}
