// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearProblemOnEdit } from '../../src/lib/browser/form-problem';

/**
 * The server-rendered forms' refusal (src/lib/browser/form-problem.ts): the alert and the fields'
 * invalid marks go at the first edit of a marked field, and only then.
 */
describe('a signed-out form’s problem', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML = `
      <form>
        <div class="alert alert-danger" role="alert" id="form-error">The two passwords are not the same.</div>
        <input id="password" class="form-control is-invalid" aria-invalid="true" aria-describedby="form-error password-hint" />
        <div id="password-hint">At least 12 characters.</div>
        <input id="confirm" class="form-control is-invalid" aria-invalid="true" />
        <input id="other" class="form-control" />
      </form>`;
    const form = document.querySelector('form')!;
    const problem = document.getElementById('form-error')!;
    clearProblemOnEdit(form, problem);
    return { form, input: (id: string) => document.getElementById(id) as HTMLInputElement };
  }

  function type(input: HTMLInputElement, value: string) {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('goes, with every field’s mark, when a marked field is edited', () => {
    const { input } = page();
    type(input('confirm'), 'a new password');
    expect(document.getElementById('form-error')).toBeNull();
    for (const id of ['password', 'confirm']) {
      expect(input(id).getAttribute('aria-invalid')).toBeNull();
      expect(input(id).classList.contains('is-invalid')).toBe(false);
    }
    // The hint still describes the field; the removed alert no longer does.
    expect(input('password').getAttribute('aria-describedby')).toBe('password-hint');
  });

  it('stays while the user types in a field it is not about', () => {
    const { input } = page();
    type(input('other'), 'x');
    expect(document.getElementById('form-error')).not.toBeNull();
    expect(input('password').getAttribute('aria-invalid')).toBe('true');
  });
});
