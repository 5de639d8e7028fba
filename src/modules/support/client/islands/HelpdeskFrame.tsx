import { useEffect, useRef } from 'react';
import { watchHelpdeskFrame, type FrameWatch } from '../stores/frame';

export interface HelpdeskFrameProps {
  src: string;
  /** Names the frame for screen readers. */
  title: string;
  /** The external helpdesk's origin; null for the portal's own. */
  origin: string | null;
  onChanged?: FrameWatch['onChanged'];
  onEscape?: FrameWatch['onEscape'];
}

/** A helpdesk page in a frame sized to its content (the page reports its height). */
export function HelpdeskFrame({ src, title, origin, onChanged, onEscape }: HelpdeskFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const handlers = useRef({ onChanged, onEscape });
  handlers.current = { onChanged, onEscape };
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return undefined;
    return watchHelpdeskFrame(frame, origin, {
      onChanged: (number) => handlers.current.onChanged?.(number),
      onEscape: () => handlers.current.onEscape?.(),
    });
  }, [origin]);
  return <iframe ref={ref} className="helpdesk-frame" src={src} title={title} />;
}
