/**
 * The leavers upload: a dry run first (who in the file matches whom on the roster, and which rows
 * are ambiguous, unknown or already waiting), then, once confirmed, one deletion request per
 * matched student, filed whole or not at all.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { send } from '../../lib/send';
import { showToast } from '../../lib/toast';
import { GENERIC_FAILURE } from '../../lib/api-client';
import { haparaApi } from '../../contracts/hapara-endpoints';
import { LEAVERS_REQUESTED } from '../../contracts/hapara-rules';
import type { LeaversSummary } from '../../contracts/hapara';

export type LeaversState =
  | { step: 'idle' }
  | { step: 'checking' | 'requesting'; file: File }
  | { step: 'checked'; file: File; summary: LeaversSummary }
  /** The requests were filed: the summary of what was asked for. */
  | { step: 'requested'; file: File; summary: LeaversSummary }
  /** The server refused the file (or the call failed): its message; the file stays chosen for another try. */
  | { step: 'failed'; file: File; message: string; summary?: LeaversSummary };

export interface LeaversStore {
  $state: ReadableAtom<LeaversState>;
  /** The dry run of `file`. */
  check(file: File): Promise<void>;
  /** Files the deletion requests of the checked file; resolves with how many were filed (null when it failed). */
  confirm(): Promise<number | null>;
  reset(): void;
}

export const requestedText = (count: number) =>
  count === 1
    ? '1 deletion request has been sent to your provider for verification.'
    : `${count.toLocaleString('en-GB')} deletion requests have been sent to your provider for verification.`;

export function createLeaversStore(): LeaversStore {
  const $state = atom<LeaversState>({ step: 'idle' });
  let failure = '';
  const call = (file: File, dryRun: boolean) =>
    send(
      haparaApi.leavers,
      { form: { file, dryRun: dryRun ? 'true' : 'false' } },
      {
        // The server says what is wrong with the file (a class list, columns, quotes, size): the screen shows it.
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
      if (state.step !== 'checked' || state.summary.matched.length === 0) return null;
      $state.set({ step: 'requesting', file: state.file });
      const res = await call(state.file, false);
      if (!res) {
        $state.set({ step: 'failed', file: state.file, message: failure, summary: state.summary });
        return null;
      }
      $state.set({ step: 'requested', file: state.file, summary: res.summary });
      void showToast(LEAVERS_REQUESTED, { type: 'success' });
      return res.summary.requested;
    },
    reset() {
      $state.set({ step: 'idle' });
    },
  };
}
