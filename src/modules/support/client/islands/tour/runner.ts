/**
 * Runs a guided tour with hopscotch (loaded with this module, only when a tour starts or carries
 * on: a dynamic import). A tour is its data file (../tours/<id>.json) after an intro step at the button that
 * started it on /support/help. It starts at step 0, moves on 500 ms after each click on Next, goes
 * to the next step's page when it is another (the state in sessionStorage, see state.ts), and
 * ends at Done, at the close button, or with Escape.
 *
 * Accessibility, which hopscotch leaves to us: each bubble is a labelled dialog (its title, then
 * 'Step n of N' and its text) that takes the focus when it shows, so it is announced and Tab
 * reaches its buttons; Escape closes the tour from anywhere; focus goes back where it was.
 */
import hopscotchStatic from 'hopscotch';
import hopscotchCss from 'hopscotch/dist/css/hopscotch.css?url';
import tourCss from './tour.css?url';
import { SUPPORT_PATHS, TOUR_CLICK_DELAY_MS } from '../../../rules';
import type { Tour, TourStep } from '../../../tours-contract';
import { clearTourState, forgetTourInAddress, tourAddress, writeTourState, type TourState } from './state';

// Every tour's data comes with the runner, which itself loads only when a tour starts or carries on.
const TOURS = import.meta.glob<Tour>('../tours/*.json', { eager: true, import: 'default' });

/** What hopscotch 0.3 has beyond its published types. */
interface Hopscotch extends HopscotchStatic {
  isActive: boolean;
  endTour(clearState?: boolean, doCallbacks?: boolean): void;
}
const hopscotch = hopscotchStatic as Hopscotch;

type PlacedStep = TourStep & { page: string };

function tourOf(id: string): Tour | null {
  return TOURS[`../tours/${id}.json`] ?? null;
}

function loadStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A stylesheet that fails leaves an unstyled bubble, not a tour that never starts.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** The intro at the start button, then the tour's steps, each with the page it is on. */
function placedSteps(tour: Tour): PlacedStep[] {
  const intro: PlacedStep = {
    page: SUPPORT_PATHS.help,
    target: `[data-tour-start="${tour.id}"]`,
    placement: 'right',
    title: tour.title,
    text: `${tour.description} Choose Next to begin, or close the tour at any step.`,
  };
  let page = intro.page;
  return [intro, ...tour.steps.map((step) => ({ ...step, page: (page = step.page ?? page) }))];
}

function pathOf(page: string): string {
  return new URL(page, window.location.origin).pathname;
}

let active: { finish: (closed: boolean) => void } | null = null;

/**
 * hopscotch scrolls to the target, not to the bubble: one above a target near the top of the
 * screen (or below one near its foot) is left partly out of view. Scroll just enough to show it
 * (tour.css gives it a scroll margin).
 */
function bringIntoView(bubble: HTMLElement): void {
  bubble.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** hopscotch shows a bubble a few frames after drawing it (hidden meanwhile, so it cannot take focus yet): focus it once it shows. */
function focusWhenVisible(bubble: HTMLElement, framesLeft = 60): void {
  if (!bubble.isConnected || framesLeft === 0) return;
  if (getComputedStyle(bubble).visibility === 'visible' && !bubble.classList.contains('hide')) {
    bringIntoView(bubble);
    bubble.focus({ preventScroll: true });
    return;
  }
  requestAnimationFrame(() => focusWhenVisible(bubble, framesLeft - 1));
}

function run(tour: Tour, start: number, opener: HTMLElement | null): void {
  active?.finish(true);
  const steps = placedSteps(tour);
  const step = steps[start];
  // The tour's page is not this one (the user went elsewhere meanwhile): the tour is over.
  if (!step || pathOf(step.page) !== window.location.pathname) {
    clearTourState();
    forgetTourInAddress();
    return;
  }
  let returnFocus: HTMLElement | null = opener;
  let done = false;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    finish(true);
  };

  function finish(closed: boolean): void {
    if (done) return;
    done = true;
    active = null;
    document.removeEventListener('keydown', onKeyDown, true);
    clearTourState();
    forgetTourInAddress();
    if (closed && hopscotch.isActive) hopscotch.endTour(true, false);
    const back = returnFocus?.isConnected ? returnFocus : document.getElementById('main');
    back?.focus({ preventScroll: true });
  }

  /** Makes the shown bubble an announced, labelled dialog and gives it the focus. */
  function showBubble(): void {
    const index = hopscotch.getCurrStepNum();
    writeTourState({ id: tour.id, step: index });
    const bubble = document.querySelector<HTMLElement>('.hopscotch-bubble');
    if (!bubble) return;
    bubble.setAttribute('role', 'dialog');
    bubble.tabIndex = -1;
    bubble.querySelector('.hopscotch-title')?.setAttribute('id', 'tour-bubble-title');
    bubble.querySelector('.hopscotch-content')?.setAttribute('id', 'tour-bubble-text');
    bubble.querySelector('.hopscotch-bubble-number')?.setAttribute('aria-hidden', 'true');
    let progress = bubble.querySelector<HTMLElement>('#tour-bubble-progress');
    if (!progress) {
      progress = document.createElement('p');
      progress.id = 'tour-bubble-progress';
      progress.className = 'visually-hidden';
      bubble.querySelector('.hopscotch-bubble-content')?.prepend(progress);
    }
    progress.textContent = `Step ${index + 1} of ${steps.length}`;
    bubble.setAttribute('aria-labelledby', 'tour-bubble-title');
    bubble.setAttribute('aria-describedby', 'tour-bubble-progress tour-bubble-text');
    for (const button of bubble.querySelectorAll('button')) button.type = 'button';
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && !bubble.contains(focused) && focused !== document.body) returnFocus = focused;
    focusWhenVisible(bubble);
  }

  const definition: TourDefinition & { unsafe: boolean; cookieName: string } = {
    id: tour.id,
    // The texts are plain text: hopscotch escapes them.
    unsafe: true,
    // hopscotch keeps its own copy of the state (state.ts's is the one that counts); not under its default name.
    cookieName: 'staff-portal.hopscotch',
    showPrevButton: false,
    showCloseButton: true,
    // Scrolled at once: an animated scroll would move the bubble after bringIntoView placed it.
    smoothScroll: false,
    skipIfNoElement: true,
    i18n: { nextBtn: 'Next', doneBtn: 'Done', closeTooltip: 'Close tour' },
    onShow: showBubble,
    onEnd: () => finish(false),
    onClose: () => finish(true),
    steps: steps.map((s, i): StepDefinition => {
      const next = steps[i + 1];
      const moves = next !== undefined && next.page !== s.page;
      return {
        target: s.target,
        placement: s.placement,
        title: s.title,
        content: s.text,
        ...(i > 0 ? { delay: TOUR_CLICK_DELAY_MS } : {}),
        ...(moves
          ? {
              // The next step is on another page: go there; it carries on there after the click's delay.
              multipage: true,
              onNext: () => {
                writeTourState({ id: tour.id, step: i + 1 });
                done = true;
                document.removeEventListener('keydown', onKeyDown, true);
                window.location.assign(tourAddress(next.page, tour.id));
              },
            }
          : {}),
      };
    }),
  };

  active = { finish };
  document.addEventListener('keydown', onKeyDown, true);
  writeTourState({ id: tour.id, step: start });
  hopscotch.startTour(definition, start);
}

async function prepare(id: string): Promise<Tour | null> {
  const tour = tourOf(id);
  if (tour) await Promise.all([loadStylesheet(hopscotchCss), loadStylesheet(tourCss)]);
  return tour;
}

/** Starts a tour at step 0, the intro at the button that started it (on /support/help). */
export async function startTour(id: string, opener: HTMLElement): Promise<void> {
  const tour = await prepare(id);
  if (tour) run(tour, 0, opener);
}

/** Carries a tour on at its step on the page it moved to. */
export async function resumeTour(state: TourState): Promise<void> {
  const tour = await prepare(state.id);
  if (tour) run(tour, state.step, null);
  else clearTourState();
}
