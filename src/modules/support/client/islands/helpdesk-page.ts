/**
 * The script of every helpdesk page (layouts/HelpdeskFrame.astro): shown in a support screen's
 * frame, it reports its height (the frame is sized to it), passes Escape on (a dialog around it
 * closes) and marks the page framed (its own heading is then only for screen readers, as the
 * screen around names it).
 */
import { isFramed, reportHeight, tellParent } from '../stores/frame';

if (isFramed()) {
  document.documentElement.classList.add('is-framed');
  const content = document.getElementById('helpdesk');
  if (content) reportHeight(content);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) tellParent({ type: 'escape' });
  });
}
