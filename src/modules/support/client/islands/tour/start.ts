/**
 * Tutorials (/support/help): each 'Start tour' button starts its tour. The tour runner (and
 * hopscotch with it) is loaded only then, never with the page.
 */
import { showToast } from '../../../../../lib/browser/toast';
import { TOUR_FAILED } from '../../../rules';

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-tour-start]')) {
  button.addEventListener('click', () => {
    const id = button.dataset.tourStart ?? '';
    button.setAttribute('aria-busy', 'true');
    import('./runner')
      .then((runner) => runner.startTour(id, button))
      .catch(() => showToast(TOUR_FAILED, { type: 'error' }))
      .finally(() => button.removeAttribute('aria-busy'));
  });
}
