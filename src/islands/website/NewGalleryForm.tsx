import { useId, useRef, useState, type SubmitEvent } from 'react';
import { call } from '../../lib/api-client';
import type { NewGalleryRequest, NewGalleryResponse } from '../../contracts/website';
import { setFlash } from '../../stores/website-flash';

/** Spec section 8. */
export const GALLERY_CREATED = 'Success! New gallery created!';
const TITLE_MAX = 300;

/** /website/galleries/new: a title, Cancel and Create; then the new gallery's edit screen. */
export default function NewGalleryForm() {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const json: NewGalleryRequest = { title: title.trim() };
    if (!json.title) {
      setError('Please enter a title for the gallery.');
      inputRef.current?.focus();
      return;
    }
    setError('');
    setSaving(true);
    // Spec section 8: a failure shows the generic 'Failed! Please try again!' (the default).
    const res = await call<NewGalleryResponse>('/api/website/gallery/new', { json });
    if (!res) {
      setSaving(false);
      return;
    }
    const editPath = '/website/galleries/edit';
    setFlash(editPath, GALLERY_CREATED);
    window.location.assign(`${editPath}?id=${res.id}`);
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
          maxLength={TITLE_MAX}
          autoComplete="off"
          value={title}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setTitle(event.target.value)}
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
    </form>
  );
}
