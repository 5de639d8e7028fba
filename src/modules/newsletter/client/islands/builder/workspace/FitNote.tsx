import type { CanvasFit } from './useCanvasFit';

/**
 * Above an email shrunk to fit a phone: why it is small, and a switch to its real size (to read or
 * write a text), which scrolls inside its box, never the page.
 */
export function FitNote({ fit }: { fit: CanvasFit }) {
  if (fit.fit >= 1) return null;
  return (
    <div className="nb-fit-note" role="note">
      <span>{fit.actualSize ? 'The email at its real size.' : 'The email is shown smaller to fit your screen.'} Building is easiest on a larger screen.</span>
      <button type="button" className="btn btn-sm" aria-pressed={fit.actualSize} onClick={() => fit.setActualSize(!fit.actualSize)}>
        Actual size
      </button>
    </div>
  );
}
