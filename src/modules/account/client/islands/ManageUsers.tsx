import { useId, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './account.css';
import { ConfirmDialog } from '../../../../ui/islands/ConfirmDialog';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';
import { createManageUsersStore, type UserField } from '../stores/users';
import type { AccountUser } from '../../contract';
import { INVITATION_LINK_HOURS, MAX_USER_EMAIL_LENGTH, MAX_USER_NAME_LENGTH } from '../../rules';

export interface ManageUsersProps {
  users: readonly AccountUser[];
  /** Whether the backend invites people (status, Send again); a legacy backend authorises them at once. */
  invitations?: boolean;
}

/** Which question is open: unauthorising someone, or yourself (asked twice). */
type Asking = { user: AccountUser; step: 'other' | 'self' | 'self-again' } | null;

function StatusBadge({ user }: { user: AccountUser }) {
  if (user.status === 'active') return <span className="badge badge-public">Active</span>;
  if (user.status === 'invited') return <span className="badge badge-pending">Invited</span>;
  return <span className="badge badge-hidden">Invited · link expired</span>;
}

/**
 * Manage Users (spec section 2, Account): the table of users (Email, Name, Unauthorise, and
 * their status), whose last row authorises a new user by email and name. An invited user shows
 * 'Invited' until they accept, with Send again. Unauthorising asks first; yourself, twice.
 */
/** One field of the last row, which authorises a new user (its label read by screen readers only). */
function AddUserField(props: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  form: string;
  field: UserField;
  label: string;
  placeholder: string;
  maxLength: number;
  value: string;
  invalid: boolean;
  describedBy: string;
  onChange: (value: string) => void;
}) {
  return (
    <td data-label="">
      <label className="visually-hidden" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        ref={props.inputRef}
        form={props.form}
        className={`form-control${props.invalid ? ' is-invalid' : ''}`}
        type={props.field === 'email' ? 'email' : 'text'}
        name={props.field}
        placeholder={props.placeholder}
        autoComplete="off"
        maxLength={props.maxLength}
        value={props.value}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </td>
  );
}

export default function ManageUsers({ users: initial, invitations = true }: ManageUsersProps) {
  const [store] = useState(() => createManageUsersStore(initial));
  const users = useStore(store.$users);
  const busy = useStore(store.$busy);
  const adding = useStore(store.$adding);
  const { message: addError, field: invalid } = useStore(store.addError.$error);
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // Typed into the last row but not authorised: leaving asks first.
  const typed = useRef({ email, name });
  typed.current = { email, name };
  const guard = useLeaveGuard(() => typed.current.email.trim() !== '' || typed.current.name.trim() !== '');

  const formId = `${id}-add`;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describe = (field: UserField) => (addError && invalid === field ? `${errorId} ${helpId}` : helpId);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await store.add(email, name);
    if (outcome.ok) {
      setEmail('');
      setName('');
      emailRef.current?.focus();
      return;
    }
    if (outcome.field === 'name') nameRef.current?.focus();
    else if (outcome.field === 'email') emailRef.current?.focus();
  };

  const unauthorise = async () => {
    const user = asking?.user;
    setAsking(null);
    // The row (and its button) leaves the table: focus the table so keyboard users stay here.
    if (user && (await store.remove(user))) tableRef.current?.focus();
  };

  const question = asking?.user;
  return (
    <div className="card">
      <div className="table-responsive data-table users-table">
        <table className="table table-vcenter card-table" ref={tableRef} tabIndex={-1} id="users-table">
          <caption className="visually-hidden">Authorised users</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              {invitations ? <th scope="col">Status</th> : null}
              <th scope="col" className="text-end">
                Unauthorise
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const working = busy.has(user.email);
              return (
                <tr key={user.email} data-email={user.email}>
                  <th scope="row" className="text-break" data-label="Email">
                    {user.email}
                    {user.self ? <span className="text-secondary fw-normal"> (you)</span> : null}
                  </th>
                  <td data-label="Name">{user.name}</td>
                  {invitations ? (
                    <td data-label="Status">
                      <StatusBadge user={user} />
                    </td>
                  ) : null}
                  <td className="text-end" data-label="">
                    <div className="row-actions">
                      {invitations && user.status !== 'active' ? (
                        <button
                          type="button"
                          className={`btn btn-sm btn-outline-primary${working ? ' disabled-look' : ''}`}
                          aria-disabled={working || undefined}
                          aria-label={`Send the invitation to ${user.email} again`}
                          onClick={() => {
                            if (!working) void store.resend(user);
                          }}
                        >
                          Send again
                        </button>
                      ) : null}
                      {/* aria-disabled, not disabled, while a call runs: a disabled button would drop keyboard focus. */}
                      <button
                        type="button"
                        className={`btn btn-sm btn-outline-danger${working ? ' disabled-look' : ''}`}
                        aria-disabled={working || undefined}
                        aria-label={`Unauthorise ${user.email}`}
                        onClick={() => {
                          if (!working) setAsking({ user, step: user.self ? 'self' : 'other' });
                        }}
                      >
                        Unauthorise
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="users-add-row">
              <AddUserField
                id={`${id}-email`}
                inputRef={emailRef}
                form={formId}
                field="email"
                label="Email of the user to authorise"
                placeholder="Email"
                maxLength={MAX_USER_EMAIL_LENGTH}
                value={email}
                invalid={invalid === 'email'}
                describedBy={describe('email')}
                onChange={(value) => {
                  setEmail(value);
                  store.addError.edited('email', { email: value, name });
                }}
              />
              <AddUserField
                id={`${id}-name`}
                inputRef={nameRef}
                form={formId}
                field="name"
                label="Name of the user to authorise"
                placeholder="Name"
                maxLength={MAX_USER_NAME_LENGTH}
                value={name}
                invalid={invalid === 'name'}
                describedBy={describe('name')}
                onChange={(value) => {
                  setName(value);
                  store.addError.edited('name', { email, name: value });
                }}
              />
              {invitations ? <td className="users-add-spacer" data-label="" /> : null}
              <td className="text-end" data-label="">
                <button className="btn btn-primary" type="submit" form={formId} aria-disabled={adding || undefined}>
                  Authorise
                </button>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate />
      <div className="card-footer">
        {addError ? (
          <div className="users-add-error mb-2" id={errorId} role="alert">
            {addError}
          </div>
        ) : null}
        <p className="text-secondary m-0" id={helpId}>
          To authorise a new user, fill in both their email address and their name in the last row.
          {invitations
            ? ` They will get an email inviting them to choose a password; its link works for ${INVITATION_LINK_HOURS} hours. Unauthorising a user signs them out at once.`
            : null}
        </p>
      </div>
      <ConfirmDialog
        open={asking?.step === 'other'}
        title={question?.status === 'active' ? `Unauthorise ${question.email}?` : `Withdraw the invitation to ${question?.email ?? ''}?`}
        confirmLabel="Unauthorise"
        danger
        onConfirm={() => void unauthorise()}
        onCancel={() => setAsking(null)}
        fallbackFocus={() => tableRef.current}
      >
        {question?.status === 'active'
          ? `${question.name} will be signed out at once and will no longer be able to sign in.`
          : 'The link in their invitation will stop working.'}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking?.step === 'self'}
        title="Unauthorise yourself?"
        confirmLabel="Continue"
        danger
        onConfirm={() => setAsking(question ? { user: question, step: 'self-again' } : null)}
        onCancel={() => setAsking(null)}
        fallbackFocus={() => tableRef.current}
      >
        You will be signed out at once and will no longer be able to sign in to your school's Staff Portal.
      </ConfirmDialog>
      <ConfirmDialog
        open={asking?.step === 'self-again'}
        title="Are you sure?"
        confirmLabel="Unauthorise me"
        danger
        onConfirm={() => void unauthorise()}
        onCancel={() => setAsking(null)}
        fallbackFocus={() => tableRef.current}
      >
        Only another authorised user of your school can invite you again.
      </ConfirmDialog>
      {guard.dialog}
    </div>
  );
}
