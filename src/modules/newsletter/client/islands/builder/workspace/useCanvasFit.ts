import { useEffect, useState, type RefObject } from 'react';

/** The email's real width: the canvas shows it at this size wherever there is room. */
export const CANVAS_WIDTH = 600;
/** Below this the email would be too small to read, let alone edit: it scrolls inside its box instead. */
const SMALLEST_SCALE = 0.4;

export interface CanvasFit {
  /** How much the 600 px canvas must shrink to fit its box (1 where it fits). */
  fit: number;
  /** The zoom shown: `fit`, or 1 while the user asked for the real size. */
  zoom: number;
  actualSize: boolean;
  setActualSize: (on: boolean) => void;
}

/**
 * On a phone the email is shown whole, scaled down with CSS zoom (which, unlike a transform, also
 * shrinks the height it takes and keeps pointer positions right for the drags), instead of
 * scrolling the page sideways; the user may ask for its real size, which then scrolls inside its box.
 */
export function useCanvasFit(boxRef: RefObject<HTMLElement | null>): CanvasFit {
  const [actualSize, setActualSize] = useState(false);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const style = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // Rounded down to a hundredth, so a pixel's rounding never leaves a sliver to scroll.
      const next = Math.max(SMALLEST_SCALE, Math.min(1, Math.floor((room / CANVAS_WIDTH) * 100) / 100));
      setScale(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef]);
  return { fit: scale, zoom: actualSize ? 1 : scale, actualSize, setActualSize };
}
