import { describe, expect, it } from 'vitest';
import { errorAfterEdit, FIELDS_REQUIRED, NO_FIELD_ERROR, type FieldError } from '../../src/lib/forms';

/**
 * The rule every form follows to drop a stale error (src/lib/forms.ts, issue 29 §5): what a user
 * sees under a form after each edit, once a submit has failed.
 */
describe('a form’s error as the user fixes fields', () => {
  const fields = ['firstname', 'lastname', 'class'] as const;
  type Field = (typeof fields)[number];
  const required: FieldError<Field> = { message: FIELDS_REQUIRED, field: 'firstname' };

  it('‘All fields must be filled in’ moves to the next empty field, and goes once every field is filled', () => {
    const typedFirst = errorAfterEdit(required, 'firstname', fields, { firstname: 'Ana' });
    expect(typedFirst).toEqual({ message: FIELDS_REQUIRED, field: 'lastname' });
    const typedLast = errorAfterEdit(typedFirst, 'lastname', fields, { firstname: 'Ana', lastname: 'Ngata' });
    expect(typedLast).toEqual({ message: FIELDS_REQUIRED, field: 'class' });
    expect(errorAfterEdit(typedLast, 'class', fields, { firstname: 'Ana', lastname: 'Ngata', class: 'R1' })).toEqual(NO_FIELD_ERROR);
    // Filled in another order: the last field filled clears it too.
    expect(errorAfterEdit(required, 'class', fields, { firstname: 'Ana', lastname: 'Ngata', class: 'R1' })).toEqual(NO_FIELD_ERROR);
    // Spaces do not fill a field; an unmarked field typed into leaves the mark where it was.
    expect(errorAfterEdit(required, 'firstname', fields, { firstname: '  ' })).toBe(required);
    expect(errorAfterEdit(required, 'lastname', fields, { lastname: 'Ngata' })).toBe(required);
  });

  it('a form’s own words for a missing field work the same way', () => {
    const missing = 'Failed! Please enter a from name and subject.';
    const error: FieldError<'from' | 'subject'> = { message: missing, field: 'subject' };
    expect(errorAfterEdit(error, 'subject', ['from', 'subject'], { from: 'School', subject: 'Term 3' }, missing)).toEqual(NO_FIELD_ERROR);
    expect(errorAfterEdit(error, 'subject', ['from', 'subject'], { from: '', subject: 'Term 3' }, missing)).toEqual({ message: missing, field: 'from' });
  });

  it('a message about one field goes when that field is edited; one about another field, or none, stays', () => {
    const taken: FieldError<'name' | 'email'> = { message: 'That email is taken.', field: 'email' };
    expect(errorAfterEdit(taken, 'name', ['name', 'email'], { name: 'A', email: 'a@x' })).toBe(taken);
    expect(errorAfterEdit(taken, 'email', ['name', 'email'], { name: 'A', email: 'b@x' })).toEqual(NO_FIELD_ERROR);
    const whole: FieldError<'email'> = { message: 'Failed! Please try again!', field: null };
    expect(errorAfterEdit(whole, 'email', ['email'], { email: 'b@x' })).toBe(whole);
    expect(errorAfterEdit(NO_FIELD_ERROR, 'email', ['email'], { email: '' })).toBe(NO_FIELD_ERROR);
  });
});
