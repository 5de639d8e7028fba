import { describe, expect, it, vi } from 'vitest';
import { dismissedToasts, useFakeBrowser } from './test-support';
import { createFormError } from './form-error';
import { FIELDS_REQUIRED, NO_FIELD_ERROR } from '../../lib/forms';

vi.mock('../../lib/browser/toast', () => import('./test-support').then((m) => m.fakeToastModule));

/** The shared form error (issue 29 §5): a fixed field's error goes at once, and its toast with it. */
describe('form error store', () => {
  useFakeBrowser();

  it('clears the error and hides its toast once the field it marks is fixed', () => {
    const form = createFormError(['name', 'email'] as const);
    form.fail('Failed! Please enter a valid email address.', 'email');
    form.edited('name', { name: 'Ana', email: 'ana@' });
    expect(form.$error.get()).toEqual({ message: 'Failed! Please enter a valid email address.', field: 'email' });
    expect(dismissedToasts).toEqual([]);
    form.edited('email', { name: 'Ana', email: 'ana@school.test' });
    expect(form.$error.get()).toEqual(NO_FIELD_ERROR);
    expect(dismissedToasts).toEqual(['error: Failed! Please enter a valid email address.']);
  });

  it('keeps ‘All fields must be filled in’ (moving its mark) until every required field is filled', () => {
    const form = createFormError(['name', 'email'] as const);
    form.fail(FIELDS_REQUIRED, 'name');
    form.edited('name', { name: 'Ana', email: '' });
    expect(form.$error.get()).toEqual({ message: FIELDS_REQUIRED, field: 'email' });
    expect(dismissedToasts).toEqual([]);
    form.edited('email', { name: 'Ana', email: 'ana@school.test' });
    expect(form.$error.get()).toEqual(NO_FIELD_ERROR);
    expect(dismissedToasts).toEqual([`error: ${FIELDS_REQUIRED}`]);
  });

  it('an error about no field stays through edits; clear() and a new failure replace it', () => {
    const form = createFormError(['name'] as const);
    form.fail('Failed! Please try again!');
    form.edited('name', { name: 'Ana' });
    expect(form.$error.get()).toEqual({ message: 'Failed! Please try again!', field: null });
    form.clear();
    expect(form.$error.get()).toEqual(NO_FIELD_ERROR);
    expect(dismissedToasts).toEqual([]);
  });
});
