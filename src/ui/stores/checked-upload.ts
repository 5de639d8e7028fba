/**
 * Any screen that uploads a file in two steps (a CSV import, a leavers list): a dry run first,
 * showing what the file would do, then, once confirmed, the same call for real, whole or not at
 * all. The chosen file stays through a failure, so the user can try again.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { showToast } from '../../lib/browser/toast';
import { GENERIC_FAILURE, type OnFailure } from '../../lib/browser/api-client';

export type CheckedUploadState<Summary> =
  | { step: 'idle' }
  | { step: 'checking' | 'confirming'; file: File }
  | { step: 'checked'; file: File; summary: Summary }
  /** Confirmed, and kept on screen (`keepConfirmed`): the summary of what was done. */
  | { step: 'confirmed'; file: File; summary: Summary }
  /** The server refused the file (or the call failed): its message, and the dry run's summary when there was one. */
  | { step: 'failed'; file: File; message: string; summary?: Summary };

export interface CheckedUploadStore<Summary> {
  $state: ReadableAtom<CheckedUploadState<Summary>>;
  /** The dry run of `file`. */
  check(file: File): Promise<void>;
  /** The checked file for real; resolves with what was done (null when it failed or there was nothing to do). */
  confirm(): Promise<Summary | null>;
  reset(): void;
}

export interface CheckedUploadOptions<Summary> {
  /** The call: the dry run, or the real thing; a refusal goes to `onFailure`. */
  upload(file: File, dryRun: boolean, onFailure: OnFailure): Promise<{ summary: Summary } | null>;
  /** Whether a checked file has anything to confirm (default: always). */
  canConfirm?(summary: Summary): boolean;
  /** The success toast once confirmed. */
  confirmedText(summary: Summary): string;
  /** Keep the summary of what was done on screen (otherwise the store is ready for another file). */
  keepConfirmed?: boolean;
}

export function createCheckedUpload<Summary>(options: CheckedUploadOptions<Summary>): CheckedUploadStore<Summary> {
  const $state = atom<CheckedUploadState<Summary>>({ step: 'idle' });
  let failure = '';
  // The server says what is wrong with the file (encoding, columns, quotes, size): the screen shows it.
  const onFailure: OnFailure = (f) => {
    failure = f.message ?? GENERIC_FAILURE;
  };

  return {
    $state,
    async check(file) {
      $state.set({ step: 'checking', file });
      const res = await options.upload(file, true, onFailure);
      $state.set(res ? { step: 'checked', file, summary: res.summary } : { step: 'failed', file, message: failure });
    },
    async confirm() {
      const state = $state.get();
      if (state.step !== 'checked' || !(options.canConfirm?.(state.summary) ?? true)) return null;
      $state.set({ step: 'confirming', file: state.file });
      const res = await options.upload(state.file, false, onFailure);
      if (!res) {
        $state.set({ step: 'failed', file: state.file, message: failure, summary: state.summary });
        return null;
      }
      $state.set(options.keepConfirmed ? { step: 'confirmed', file: state.file, summary: res.summary } : { step: 'idle' });
      void showToast(options.confirmedText(res.summary), { type: 'success' });
      return res.summary;
    },
    reset() {
      $state.set({ step: 'idle' });
    },
  };
}
