/**
 * On a page a tour moved to (`?tour=<id>`, the only pages this script is on): the tour carries on
 * at its step, the runner loaded now. An address with `?tour=` but no tour under way in this tab
 * (a shared link) loads nothing more.
 */
import { showToast } from '../../../../../lib/browser/toast';
import { TOUR_FAILED, TOUR_QUERY } from '../../../rules';
import { clearTourState, forgetTourInAddress, readTourState } from './state';

const id = new URLSearchParams(window.location.search).get(TOUR_QUERY);
const state = readTourState();
if (id && state && state.id === id) {
  import('./runner')
    .then((runner) => runner.resumeTour(state))
    .catch(() => {
      clearTourState();
      forgetTourInAddress();
      void showToast(TOUR_FAILED, { type: 'error' });
    });
} else {
  if (state && state.id !== id) clearTourState();
  forgetTourInAddress();
}
