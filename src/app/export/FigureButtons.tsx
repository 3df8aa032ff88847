/**
 * SVG, PNG 2× and PNG 3× for one figure: the figure is built when a button
 * is pressed (never while the run draws) and saved as a file.
 */
import { useState } from 'react';
import { svgDocument, svgToPng } from './chart-export';
import type { ChartFigure } from './figure';
import { fileSafe, saveBlob, saveText } from './download';

export function FigureButtons({
  name,
  make,
  testId,
  label,
}: {
  /** File name without extension. */
  name: string;
  make: () => ChartFigure;
  testId: string;
  /** What the buttons export, for their accessible names. */
  label: string;
}) {
  const [status, setStatus] = useState('');
  const save = async (kind: 'svg' | 2 | 3) => {
    const what = kind === 'svg' ? 'SVG' : `PNG ${kind}×`;
    try {
      const fig = make();
      const text = svgDocument(fig.svg);
      if (kind === 'svg') saveText(`${fileSafe(name)}.svg`, text, 'image/svg+xml');
      else saveBlob(`${fileSafe(name)}@${kind}x.png`, await svgToPng(text, fig.widthPx, fig.heightPx, kind));
      setStatus(`Saved ${label} (${what}).`);
    } catch (e) {
      setStatus(`Could not export ${label}: ${(e as Error).message}`);
    }
  };
  return (
    <span className="figure-buttons" role="group" aria-label={`Export ${label}`}>
      <button type="button" data-testid={`${testId}-svg`} onClick={() => void save('svg')}>
        SVG
      </button>
      <button type="button" data-testid={`${testId}-png2`} onClick={() => void save(2)}>
        PNG 2×
      </button>
      <button type="button" data-testid={`${testId}-png3`} onClick={() => void save(3)}>
        PNG 3×
      </button>
      <span className="figure-status" role="status">
        {status}
      </span>
    </span>
  );
}
