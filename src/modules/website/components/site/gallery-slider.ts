/**
 * The public site's only script: Previous/Next buttons and an "Image n of m" status for each
 * gallery slider. Without it a slider is still a scrollable, snapping list of images.
 */
export function enhanceGallerySliders(root: ParentNode): void {
  for (const slider of root.querySelectorAll<HTMLElement>('[data-gallery-slider]')) {
    const track = slider.querySelector<HTMLElement>('.gallery-slider__track');
    if (!track || slider.dataset.enhanced === 'true' || track.children.length < 2) continue;
    slider.dataset.enhanced = 'true';
    const count = track.children.length;

    const controls = document.createElement('div');
    controls.className = 'gallery-slider__controls';
    const button = (text: string) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      controls.append(b);
      return b;
    };
    const previous = button('Previous');
    const next = button('Next');
    const status = document.createElement('p');
    status.className = 'gallery-slider__status';
    status.setAttribute('aria-live', 'polite');
    controls.append(status);
    track.after(controls);

    const current = () => Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / Math.max(1, track.clientWidth))));
    const update = () => {
      const index = current();
      status.textContent = `Image ${index + 1} of ${count}`;
      previous.disabled = index === 0;
      next.disabled = index === count - 1;
    };
    const go = (index: number) => track.scrollTo({ left: index * track.clientWidth });
    previous.addEventListener('click', () => go(current() - 1));
    next.addEventListener('click', () => go(current() + 1));
    let pending = 0;
    track.addEventListener('scroll', () => {
      window.clearTimeout(pending);
      pending = window.setTimeout(update, 100);
    });
    update();
  }
}
