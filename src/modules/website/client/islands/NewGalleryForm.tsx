import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createNewGalleryStore, GALLERY_TITLE_MAX } from '../stores/new-gallery';
import { useLeaveGuard } from '../../../../ui/islands/useLeaveGuard';

/** /website/galleries/new: a title, Cancel and Create; then the new gallery's edit screen. */
export default function NewGalleryForm() {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [store] = useState(createNewGalleryStore);
  const [title, setTitle] = useState('');
  const error = useStore(store.$error);
  const saving = useStore(store.$saving);
  // A typed title is work: leaving asks first.
  const typed = useRef('');
  typed.current = title;
  const guard = useLeaveGuard(() => typed.current.trim() !== '');

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ((await store.create(title, guard.leaveNow)) === 'invalid') inputRef.current?.focus();
  };

  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${inputId}-heading`}>
      <div className="card-header">
        <h2 className="card-title" id={`${inputId}-heading`}>
          Gallery details
        </h2>
      </div>
      <div className="card-body">
        <label className="form-label required" htmlFor={inputId}>
          Title
        </label>
        <input
          id={inputId}
          ref={inputRef}
          className={`form-control${error ? ' is-invalid' : ''}`}
          type="text"
          name="title"
          required
          maxLength={GALLERY_TITLE_MAX}
          autoComplete="off"
          value={title}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            store.edited(event.target.value);
          }}
        />
        {error ? (
          <div className="invalid-feedback" id={errorId}>
            {error}
          </div>
        ) : null}
      </div>
      <div className="card-footer d-flex justify-content-end gap-2">
        <a className="btn" href="/website/galleries">
          Cancel
        </a>
        <button className="btn btn-primary" type="submit" disabled={saving}>
          {saving ? 'Creating…' : 'Create'}
        </button>
      </div>
      {guard.dialog}
    </form>
  );
}
