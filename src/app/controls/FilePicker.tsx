/**
 * A button that opens a hidden file input, and the page-wide drop target,
 * shared by "Load scenario…" and "Load measurement…": each takes the files
 * its `accepts` names, so a file dropped anywhere on the page reaches the
 * one picker that reads it.
 */
import { useEffect, useRef, useState } from 'react';

const hasFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');

export interface PageDropOptions {
  /** Whether this picker reads a file of that name. */
  accepts: (name: string) => boolean;
  onFile: (file: File) => void;
  /**
   * Told when files are dragged over the page and when they leave or drop.
   * The picker given it is the page's drop target: it takes every file drop,
   * so a file no picker reads does not open in place of the app.
   */
  onDragging?: (dragging: boolean) => void;
}

/** Listens on the window for files dropped on the page (and, with onDragging, dragged over it). */
export function usePageFileDrop(opts: PageDropOptions): void {
  const ref = useRef(opts);
  ref.current = opts;
  const tracks = !!opts.onDragging;
  useEffect(() => {
    // Counting enter/leave pairs: leave also fires when moving between child elements.
    let depth = 0;
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      ref.current.onDragging?.(true);
    };
    const onLeave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (!depth) ref.current.onDragging?.(false);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      const file = e.dataTransfer?.files[0];
      const mine = !!file && ref.current.accepts(file.name);
      if (tracks) {
        depth = 0;
        ref.current.onDragging?.(false);
      }
      if (tracks || mine) e.preventDefault();
      if (mine) ref.current.onFile(file);
    };
    const listeners: [string, (e: DragEvent) => void][] = tracks
      ? [
          ['dragenter', onEnter],
          ['dragleave', onLeave],
          ['dragover', onOver],
          ['drop', onDrop],
        ]
      : [['drop', onDrop]];
    for (const [type, fn] of listeners) window.addEventListener(type, fn as EventListener);
    return () => {
      for (const [type, fn] of listeners) window.removeEventListener(type, fn as EventListener);
    };
  }, [tracks]);
}

export interface FilePickerProps {
  /** Reads the chosen file; the button says `busyLabel` until it settles. */
  read: (file: File) => Promise<unknown>;
  label: string;
  busyLabel: string;
  title: string;
  /** The input's accept attribute. */
  accept: string;
  /** The input's accessible name. */
  fileLabel: string;
  testId: string;
  fileTestId: string;
  /** Files dropped on the page that this picker reads (see usePageFileDrop). */
  drop: Omit<PageDropOptions, 'onFile'>;
}

export function FilePicker(p: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const load = async (f: File) => {
    setBusy(true);
    try {
      await p.read(f);
    } finally {
      setBusy(false);
    }
  };
  usePageFileDrop({ ...p.drop, onFile: (f) => void load(f) });
  return (
    <>
      <button
        type="button"
        data-testid={p.testId}
        disabled={busy}
        onClick={() => inputRef.current?.click()}
        title={p.title}
      >
        {busy ? p.busyLabel : p.label}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={p.accept}
        hidden
        aria-label={p.fileLabel}
        data-testid={p.fileTestId}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void load(f);
        }}
      />
    </>
  );
}
