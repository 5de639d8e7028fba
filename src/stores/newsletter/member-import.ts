/**
 * Import members from a CSV file: a dry run first (what would be added, what is already there,
 * which rows cannot be used and why), then the import itself, whole or not at all.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../lib/send';
import { showToast } from '../../lib/toast';
import { GENERIC_FAILURE } from '../../lib/api-client';
import { newsletterApi } from '../../contracts/newsletter-endpoints';
import type { ImportSummary } from '../../contracts/newsletter';

export type ImportState =
  | { step: 'idle' }
  | { step: 'checking' | 'importing'; file: File }
  | { step: 'checked'; file: File; summary: ImportSummary }
  | { step: 'failed'; file: File; message: string };

export interface MemberImportStore {
  $state: ReadableAtom<ImportState>;
  /** The dry run of `file`. */
  check(file: File): Promise<void>;
  /** Imports the checked file; resolves with how many members were added (null when it failed). */
  confirm(): Promise<number | null>;
  reset(): void;
}

export const importedText = (added: number) =>
  added === 1 ? '1 member has been added to your mailing list.' : `${added.toLocaleString('en-GB')} members have been added to your mailing list.`;

export function createMemberImportStore(): MemberImportStore {
  const $state = atom<ImportState>({ step: 'idle' });
  let failure = '';
  const call = (file: File, dryRun: boolean) =>
    send(
      newsletterApi.importMembers,
      { form: { file, dryRun: dryRun ? 'true' : 'false' } },
      {
        // The server says what is wrong with the file (encoding, quotes, size): the card shows it.
        onFailure: (f) => {
          failure = f.message ?? GENERIC_FAILURE;
        },
      },
    );

  return {
    $state,
    async check(file) {
      $state.set({ step: 'checking', file });
      const res = await call(file, true);
      $state.set(res ? { step: 'checked', file, summary: res.summary } : { step: 'failed', file, message: failure });
    },
    async confirm() {
      const state = $state.get();
      if (state.step !== 'checked') return null;
      $state.set({ step: 'importing', file: state.file });
      const res = await call(state.file, false);
      if (!res) {
        $state.set({ step: 'failed', file: state.file, message: failure });
        return null;
      }
      $state.set({ step: 'idle' });
      void showToast(importedText(res.summary.added), { type: 'success' });
      return res.summary.added;
    },
    reset() {
      $state.set({ step: 'idle' });
    },
  };
}
