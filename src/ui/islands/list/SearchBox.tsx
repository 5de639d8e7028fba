import { useEffect, useId, useState, type SubmitEvent } from 'react';

export interface SearchBoxProps {
  /** The input's label, e.g. 'Search posts' (read by screen readers). */
  label: string;
  /** The list's path: without JavaScript the form still searches through it (GET ?query=). */
  action: string;
  /** The query the list shows; the box follows it (Back, Forward). */
  value: string;
  onSearch: (query: string) => void;
  /** The longest query the list's call accepts (its contract's limit). */
  maxLength: number;
  disabled?: boolean;
  /** The list's other choices (filter, order): a search without JavaScript keeps them. */
  keep?: Readonly<Record<string, string>> | undefined;
  /** What the empty box suggests (default 'Search by title…'). */
  placeholder?: string | undefined;
}

/** A search form: Enter or the Search button searches. */
export function SearchBox({ label, action, value, onSearch, maxLength, disabled = false, keep, placeholder = 'Search by title…' }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" method="get" action={action} onSubmit={submit} className="search-box">
      {Object.entries(keep ?? {}).map(([name, kept]) => (
        <input key={name} type="hidden" name={name} value={kept} />
      ))}
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={id}
          className="form-control"
          type="search"
          name="query"
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button className="btn btn-outline-primary" type="submit" disabled={disabled}>
          Search
        </button>
      </div>
    </form>
  );
}
