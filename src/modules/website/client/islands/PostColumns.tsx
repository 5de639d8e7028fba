import type { Column } from '../../../../ui/islands/list/DataTable';
import { ListChoice } from '../../../../ui/islands/list/ListChoice';
import { POST_STATE_LABELS, type PostRow } from '../../lists';
import type { PostListSort, PostListStatus } from '../../rules';

/**
 * The website's post list as more than one screen shows it (Manage Posts, and App > Send
 * Notification, which lists the same posts): its Show and Sort by choices and its columns before
 * each screen's own actions.
 */

const POST_STATUS_OPTIONS: ReadonlyArray<{ value: PostListStatus; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'hidden', label: 'Hidden' },
];

const POST_SORT_OPTIONS: ReadonlyArray<{ value: PostListSort; label: string }> = [
  { value: 'date', label: 'Newest first' },
  { value: 'date-asc', label: 'Oldest first' },
  { value: 'title', label: 'Title A–Z' },
  { value: 'title-desc', label: 'Title Z–A' },
];

/** The list's Show and Sort by choices (the list's `status` and `sort` filters). */
export function PostListChoices({
  choice,
  onChange,
}: {
  choice: { status: PostListStatus; sort: PostListSort };
  onChange: (name: 'status' | 'sort', value: string) => void;
}) {
  return (
    <>
      <ListChoice label="Show" name="status" value={choice.status} options={POST_STATUS_OPTIONS} onChange={(value) => onChange('status', value)} />
      <ListChoice label="Sort by" name="sort" value={choice.sort} options={POST_SORT_OPTIONS} onChange={(value) => onChange('sort', value)} />
    </>
  );
}

/** Title, Category, Created and Visibility: the list's columns; the screen adds its Actions. */
export function postColumns<Row extends PostRow>(): Column<Row>[] {
  return [
    { id: 'title', header: 'Title', rowHeader: true, cell: (row) => row.title },
    { id: 'category', header: 'Category', cell: (row) => row.category },
    {
      id: 'created',
      header: 'Created',
      className: 'text-nowrap',
      cell: (row) => <time dateTime={row.created.iso}>{row.created.text}</time>,
    },
    {
      id: 'visibility',
      header: 'Visibility',
      cell: (row) => <span className={`badge badge-${row.state}`}>{POST_STATE_LABELS[row.state]}</span>,
    },
  ];
}
