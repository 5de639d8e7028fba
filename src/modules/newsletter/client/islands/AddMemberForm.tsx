import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { MailingListStore } from '../stores/mailing-list';
import { MAX_EMAIL_LENGTH, MAX_MEMBER_NAME_LENGTH } from '../../rules';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';

/** 'Add New Member': full name and email (both required, spec section 5); the fields keep what was typed on a refusal. */
export function AddMemberForm({ store }: { store: MailingListStore }) {
  const id = useId();
  const { message: error, field: invalid } = useStore(store.addError.$error);
  const adding = useStore(store.$adding);
  const [fullname, setFullname] = useState('');
  const [email, setEmail] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // Typed but not added: leaving asks first.
  const typed = useRef({ fullname, email });
  typed.current = { fullname, email };
  const guard = useLeaveGuard(() => typed.current.fullname.trim() !== '' || typed.current.email.trim() !== '');

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await store.add(fullname, email);
    if (outcome.ok) {
      setFullname('');
      setEmail('');
      nameRef.current?.focus();
      return;
    }
    if (outcome.field === 'fullname') nameRef.current?.focus();
    else if (outcome.field === 'email') emailRef.current?.focus();
  };

  const errorId = `${id}-error`;
  const describe = (field: 'fullname' | 'email') => (error && invalid === field ? errorId : undefined);
  return (
    <form className="card mb-3" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${id}-heading`}>
          Add New Member
        </h2>
      </div>
      <div className="card-body">
        <div className="row g-3 align-items-end">
          <div className="col-md-5">
            <label className="form-label required" htmlFor={`${id}-name`}>
              Full name
            </label>
            <input
              id={`${id}-name`}
              ref={nameRef}
              className={`form-control${invalid === 'fullname' ? ' is-invalid' : ''}`}
              type="text"
              name="fullname"
              autoComplete="off"
              maxLength={MAX_MEMBER_NAME_LENGTH}
              required
              value={fullname}
              aria-invalid={invalid === 'fullname' || undefined}
              aria-describedby={describe('fullname')}
              onChange={(event) => {
                setFullname(event.target.value);
                store.addError.edited('fullname', { fullname: event.target.value, email });
              }}
            />
          </div>
          <div className="col-md-5">
            <label className="form-label required" htmlFor={`${id}-email`}>
              Email
            </label>
            <input
              id={`${id}-email`}
              ref={emailRef}
              className={`form-control${invalid === 'email' ? ' is-invalid' : ''}`}
              type="email"
              name="email"
              autoComplete="off"
              maxLength={MAX_EMAIL_LENGTH}
              required
              value={email}
              aria-invalid={invalid === 'email' || undefined}
              aria-describedby={describe('email')}
              onChange={(event) => {
                setEmail(event.target.value);
                store.addError.edited('email', { fullname, email: event.target.value });
              }}
            />
          </div>
          <div className="col-md-2 d-grid">
            <button className="btn btn-primary" type="submit" aria-disabled={adding || undefined}>
              Add New Member
            </button>
          </div>
        </div>
        {error ? (
          <div className="text-danger mt-2" id={errorId} role="alert">
            {error}
          </div>
        ) : null}
      </div>
      {guard.dialog}
    </form>
  );
}
