import { useState, type ChangeEvent, type KeyboardEvent } from 'react';

export interface TeacherInputProps {
  /** The class's code: names the controls ('Add a teacher to 10ABC'). */
  mailbox: string;
  teachers: readonly string[];
  /** The staff's names by username: a chip shows whose username it is. */
  names: ReadonlyMap<string, string>;
  /** The id of the island's one <datalist> of the school's staff. */
  suggestionsId: string;
  inputId: string;
  invalid: boolean;
  /** Adds a username; the message when it cannot be, '' otherwise. */
  onAdd: (username: string) => string;
  onRemove: (username: string) => void;
}

/**
 * A class's teachers as username chips and an input with the staff as suggestions: Enter or a
 * comma adds what was typed (so does leaving the field), Backspace in the empty input removes the
 * last chip, each chip's × removes it.
 */
export function TeacherInput({ mailbox, teachers, names, suggestionsId, inputId, invalid, onAdd, onRemove }: TeacherInputProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const errorId = `${inputId}-error`;

  const add = (typed: string): boolean => {
    const message = onAdd(typed);
    setError(message);
    return message === '';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (add(text)) setText('');
    } else if (event.key === 'Backspace' && text === '' && teachers.length > 0) {
      event.preventDefault();
      const last = teachers[teachers.length - 1];
      if (last !== undefined) onRemove(last);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    const native = event.nativeEvent as InputEvent;
    // A suggestion picked from the list (no typing involved) is added at once.
    if ((native.inputType === undefined || native.inputType === 'insertReplacementText') && names.has(value.trim().toLowerCase())) {
      if (add(value)) setText('');
      return;
    }
    // A pasted 'a.smith, b.jones': every name before the last comma is added.
    if (value.includes(',')) {
      const parts = value.split(',');
      const rest = parts.pop() ?? '';
      const refused = parts.filter((part) => !add(part));
      setText(refused.length > 0 ? [...refused, rest].join(',') : rest);
      return;
    }
    setError('');
    setText(value);
  };

  return (
    <div className="teacher-input">
      {teachers.length > 0 && (
        <ul className="picker-chips" aria-label={`Teachers of ${mailbox}`}>
          {teachers.map((username) => (
            <li key={username} className="picker-chip">
              <span title={names.get(username)}>{username}</span>
              <button type="button" className="btn-close" aria-label={`Remove teacher ${username} from ${mailbox}`} onClick={() => onRemove(username)} />
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputId}
        className={`form-control form-control-sm${invalid || error ? ' is-invalid' : ''}`}
        type="text"
        list={suggestionsId}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Add a username…"
        aria-label={`Add a teacher to ${mailbox}`}
        aria-invalid={invalid || error !== '' || undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim() && add(text)) setText('');
        }}
      />
      {error && (
        <div className="invalid-feedback d-block" id={errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
