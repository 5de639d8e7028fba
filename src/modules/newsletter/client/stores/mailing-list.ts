/**
 * Manage Mailing List (/newsletter/manage/list): the server-paged, filterable list of members,
 * adding one (both fields required, spec section 5) and deleting one.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../../../lib/browser/send';
import { showToast } from '../../../../lib/browser/toast';
import { newsletterApi } from '../../calls';
import { FIELDS_REQUIRED, MEMBER_ADDED, MEMBER_REMOVED } from '../../rules';
import { MAX_QUERY_LENGTH } from '../../../../lib/lists/paging';
import { listQuery } from '../../../../lib/lists/location';
import { GENERIC_FAILURE } from '../../../../lib/browser/api-client';
import { toMemberRows, type MemberRow } from '../../lists';
import { createListStore, type ListStore, type ListView } from '../../../../ui/stores/list';
import { createFormError, type FormErrorStore } from '../../../../ui/stores/form-error';

export const MAILING_LIST_PATH = '/newsletter/manage/list';

export interface MailingListStoreInit {
  initial: ListView<MemberRow>;
  pageSize: number;
}

/** Which field a refusal is about, so the form can mark it and move focus there. */
export type MemberField = 'fullname' | 'email';

export interface AddOutcome {
  ok: boolean;
  /** The field to fix, when the problem is one field's. */
  field?: MemberField;
}

export interface MailingListStore extends ListStore<MemberRow> {
  /** What is wrong with the add form, and its field; it goes once the user fixes that field. */
  addError: FormErrorStore<MemberField>;
  $adding: ReadableAtom<boolean>;
  /** Addresses with a delete on its way. */
  $busy: ReadableAtom<ReadonlySet<string>>;
  add(fullname: string, email: string): Promise<AddOutcome>;
  remove(row: MemberRow): Promise<boolean>;
}

export function createMailingListStore({ initial, pageSize }: MailingListStoreInit): MailingListStore {
  const list = createListStore<MemberRow>(
    {
      path: MAILING_LIST_PATH,
      maxQueryLength: MAX_QUERY_LENGTH,
      async fetchPage(location) {
        const res = await send(newsletterApi.membersPage, { query: listQuery(location, pageSize) });
        if (!res) return null;
        return { rows: toMemberRows(res.members), totalPages: res.total_pages, total: res.total };
      },
    },
    initial,
  );
  const addError = createFormError<MemberField>(['fullname', 'email']);
  const $adding = atom(false);
  const $busy = atom<ReadonlySet<string>>(new Set());

  return {
    ...list,
    addError,
    $adding,
    $busy,
    async add(fullname, email) {
      if ($adding.get()) return { ok: false };
      if (!fullname.trim() || !email.trim()) {
        const field = fullname.trim() ? 'email' : 'fullname';
        addError.fail(FIELDS_REQUIRED, field);
        void showToast(FIELDS_REQUIRED, { type: 'error' });
        return { ok: false, field };
      }
      addError.clear();
      $adding.set(true);
      let refusal: { message: string; field?: MemberField } | undefined;
      const res = await send(
        newsletterApi.addMember,
        { body: { fullname, email } },
        {
          // The server says what is wrong (an address already listed or unsubscribed, a bad address): the form shows it.
          onFailure: (failure) => {
            const message = failure.message ?? GENERIC_FAILURE;
            // Only the name's own problems name their field 'fullname:'; every other reason is about the
            // address. No reason (a cut connection) is about no field.
            refusal = failure.message === undefined ? { message } : { message, field: message.startsWith('fullname:') ? 'fullname' : 'email' };
            void showToast(message, { type: 'error' });
          },
        },
      );
      $adding.set(false);
      if (!res) {
        addError.fail(refusal?.message ?? GENERIC_FAILURE, refusal?.field);
        return { ok: false, ...(refusal?.field ? { field: refusal.field } : {}) };
      }
      void showToast(MEMBER_ADDED, { type: 'success' });
      // The new member is the newest: the first page, unfiltered, shows it at the top.
      await (list.$list.get().query ? list.search('') : list.goToPage(1));
      return { ok: true };
    },
    async remove(row) {
      if ($busy.get().has(row.address)) return false;
      $busy.set(new Set([...$busy.get(), row.address]));
      try {
        const res = await send(newsletterApi.deleteMember, { body: { email: row.address } });
        if (!res) return false;
        void showToast(MEMBER_REMOVED, { type: 'success' });
        await list.reload();
        return true;
      } finally {
        const next = new Set($busy.get());
        next.delete(row.address);
        $busy.set(next);
      }
    },
  };
}
