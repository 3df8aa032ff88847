/** Saves text as a file through a temporary object URL (no server involved). */
export function downloadText(filename: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own reference by now; the URL only keeps the blob alive.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
