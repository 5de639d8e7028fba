import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import '../../../../ui/islands/ui.css';
import './account.css';
import { createProfileStore, type ProfileField, type ProfileForm } from '../stores/profile';
import type { Profile } from '../../contract';
import { MAX_USER_NAME_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, otherSessionsText } from '../../rules';

export interface MyProfileProps {
  profile: Profile;
}

/** The header shows the signed-in user's name (Header.astro): it follows a rename at once, as the next page will. */
function showNameInHeader(name: string): void {
  for (const element of document.querySelectorAll('.app-header .user-name')) element.textContent = name;
}

/**
 * Account > My Profile: three cards, each its own form. Your name (the header's), your password
 * (the current one, then the new one twice; other sign-ins end) and where else you are signed in.
 * What is wrong is said on its form, read out, its field marked and focused.
 */
export default function MyProfile({ profile: initial }: MyProfileProps) {
  const [store] = useState(() => createProfileStore(initial));
  const profile = useStore(store.$profile);
  const problem = useStore(store.$problem);
  const busy = useStore(store.$busy);
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [passwords, setPasswords] = useState({ current: '', password: '', confirm: '' });
  const fields = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});
  const [attempt, setAttempt] = useState(0);

  // After a refused submit, focus goes to the field the problem is about.
  useEffect(() => {
    if (attempt > 0 && problem?.field) fields.current[problem.field]?.focus();
  }, [attempt, problem]);

  const errorId = (form: ProfileForm) => `${id}-${form}-error`;
  const invalid = (field: ProfileField) => problem?.field === field;
  const describedBy = (form: ProfileForm, field: ProfileField, hint?: string) =>
    [invalid(field) ? errorId(form) : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  const saveName = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await store.rename(name)) {
      setName(store.$profile.get().name);
      showNameInHeader(store.$profile.get().name);
    } else setAttempt((n) => n + 1);
  };

  const savePassword = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await store.changePassword(passwords)) setPasswords({ current: '', password: '', confirm: '' });
    else setAttempt((n) => n + 1);
  };

  const typePassword = (field: 'current' | 'password' | 'confirm', value: string) => {
    setPasswords((typed) => ({ ...typed, [field]: value }));
    store.edited('password', field);
  };

  const passwordInput = (field: 'current' | 'password' | 'confirm', label: string, hint?: string) => (
    <div className="mb-3">
      <label className="form-label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        ref={(el) => {
          fields.current[field] = el;
        }}
        id={`${id}-${field}`}
        className={`form-control${invalid(field) ? ' is-invalid' : ''}`}
        type="password"
        name={field}
        autoComplete={field === 'current' ? 'current-password' : 'new-password'}
        maxLength={PASSWORD_MAX_LENGTH}
        aria-required="true"
        aria-invalid={invalid(field) || undefined}
        aria-describedby={describedBy('password', field, hint ? `${id}-${field}-hint` : undefined)}
        value={passwords[field]}
        onChange={(event) => typePassword(field, event.currentTarget.value)}
      />
      {hint && (
        <div className="form-hint" id={`${id}-${field}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );

  const problemOf = (form: ProfileForm) => (
    <div role="alert" id={errorId(form)} className={problem?.form === form ? 'alert alert-danger profile-problem' : 'visually-hidden'}>
      {problem?.form === form ? problem.message : ''}
    </div>
  );

  return (
    <div className="profile-cards">
      <form className="card profile-name" noValidate onSubmit={(event) => void saveName(event)} aria-labelledby={`${id}-name-title`} aria-busy={busy === 'name' || undefined}>
        <div className="card-header">
          <h2 className="card-title" id={`${id}-name-title`}>
            Your name
          </h2>
        </div>
        <div className="card-body">
          <p className="text-secondary">
            Shown at the top of every page and to your colleagues in Manage Users. You sign in as <strong className="text-break">{profile.email}</strong>.
          </p>
          <label className="form-label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            ref={(el) => {
              fields.current.name = el;
            }}
            id={`${id}-name`}
            className={`form-control mb-3${invalid('name') ? ' is-invalid' : ''}`}
            name="name"
            autoComplete="name"
            maxLength={MAX_USER_NAME_LENGTH}
            aria-required="true"
            aria-invalid={invalid('name') || undefined}
            aria-describedby={describedBy('name', 'name')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              store.edited('name', 'name');
            }}
          />
          {problemOf('name')}
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === 'name' ? 'Saving…' : 'Save name'}
          </button>
        </div>
      </form>

      <form
        className="card profile-password"
        noValidate
        onSubmit={(event) => void savePassword(event)}
        aria-labelledby={`${id}-password-title`}
        aria-busy={busy === 'password' || undefined}
      >
        <div className="card-header">
          <h2 className="card-title" id={`${id}-password-title`}>
            Change password
          </h2>
        </div>
        <div className="card-body">
          <p className="text-secondary">Changing your password signs you out everywhere else; you stay signed in here.</p>
          {/* For password managers: the account the new password belongs to. */}
          <input type="email" autoComplete="username" value={profile.email} readOnly hidden />
          {passwordInput('current', 'Current password')}
          {passwordInput('password', 'New password', `At least ${PASSWORD_MIN_LENGTH} characters.`)}
          {passwordInput('confirm', 'Type the new password again')}
          {problemOf('password')}
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === 'password' ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>

      <section className="card profile-sessions" aria-labelledby={`${id}-sessions-title`}>
        <div className="card-header">
          <h2 className="card-title" id={`${id}-sessions-title`}>
            Your sessions
          </h2>
        </div>
        <div className="card-body">
          <p id={`${id}-sessions`} aria-live="polite">
            {otherSessionsText(profile.otherSessions)}
          </p>
          <button
            type="button"
            className="btn"
            disabled={busy !== null || profile.otherSessions === 0}
            aria-describedby={`${id}-sessions`}
            onClick={() => void store.endOtherSessions()}
          >
            {busy === 'sessions' ? 'Signing out…' : 'Sign out other sessions'}
          </button>
        </div>
      </section>
    </div>
  );
}
