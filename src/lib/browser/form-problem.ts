/**
 * A signed-out page's form is rendered by the server (sign in, forgot password, a new password):
 * after a refused submit it comes back with an alert and its fields marked invalid. The alert is
 * about what was typed then: as soon as the user edits a marked field, it goes and the marks with
 * it (issue 29 §5: errors clear when the user fixes the field), instead of staying until the next
 * submit. Without script the page works as before.
 */

/** Watches `form`: the first edit of a field marked invalid removes `problem` and every mark pointing to it. */
export function clearProblemOnEdit(form: HTMLFormElement, problem: HTMLElement): () => void {
  const marked = () => Array.from(form.querySelectorAll<HTMLElement>('[aria-invalid="true"]'));
  const onInput = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLElement) || field.getAttribute('aria-invalid') !== 'true') return;
    for (const control of marked()) {
      control.removeAttribute('aria-invalid');
      control.classList.remove('is-invalid');
      const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== problem.id);
      if (described.length > 0) control.setAttribute('aria-describedby', described.join(' '));
      else control.removeAttribute('aria-describedby');
    }
    problem.remove();
    form.removeEventListener('input', onInput);
  };
  form.addEventListener('input', onInput);
  return () => form.removeEventListener('input', onInput);
}
