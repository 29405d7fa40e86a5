/**
 * The one way the app hands a file to the browser: a temporary `<a>` click on a URL (a signed link, or a
 * blob: URL). With `filename` the browser saves it under that name; with `newTab` it opens it in a new tab
 * (a PDF shows in the browser, other types download).
 */
export function followLink(url: string, options: { filename: string } | { newTab: true }): void {
  const link = document.createElement('a');
  link.href = url;
  if ('filename' in options) link.download = options.filename;
  else link.target = '_blank';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves a blob (e.g. a downloaded spreadsheet) under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  followLink(url, { filename });
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
