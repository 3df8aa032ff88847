/**
 * "Load measurement…": a file picker for Flent data files, and the page's
 * drop target takes them too (Load scenario leaves Flent file names to this).
 * A refused file gets its message in the measurement panel; nothing else changes.
 */
import { useEffect, useRef, useState } from 'react';
import { isFlentFileName, loadMeasurement } from './load-measurement';
import { installFlentHook } from './flent-hook';

export function LoadMeasurement() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const load = async (f: File) => {
    setBusy(true);
    try {
      await loadMeasurement(f);
    } finally {
      setBusy(false);
    }
  };
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    installFlentHook();
    const onDrop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file || !isFlentFileName(file.name)) return;
      e.preventDefault();
      void loadRef.current(file);
    };
    window.addEventListener('drop', onDrop);
    return () => window.removeEventListener('drop', onDrop);
  }, []);

  return (
    <>
      <button
        type="button"
        data-testid="load-measurement"
        disabled={busy}
        onClick={() => inputRef.current?.click()}
        title="Lay a real Flent measurement (.flent.gz) over the simulated run (or drop it on the page)"
      >
        {busy ? 'Reading…' : 'Load measurement…'}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept=".gz,.flent,application/gzip,application/json"
        hidden
        aria-label="Flent data file"
        data-testid="measurement-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void load(f);
        }}
      />
    </>
  );
}
