/** Saves a Blob as a file through a temporary object URL and a download link. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function saveText(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}

/** A file name safe on every platform: letters, digits, dot, dash and underscore. */
export function fileSafe(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'tsq-lab';
}
