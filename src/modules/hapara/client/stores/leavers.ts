/**
 * The leavers upload: a dry run first (who in the file matches whom on the roster, and which rows
 * are ambiguous, unknown or already waiting), then, once confirmed, one deletion request per
 * matched student, filed whole or not at all.
 */
import { send } from '../../../../lib/browser/send';
import { haparaApi } from '../../calls';
import { LEAVERS_REQUESTED } from '../../rules';
import type { LeaversSummary } from '../../contract';
import { createCheckedUpload, type CheckedUploadStore } from '../../../../ui/stores/checked-upload';

export type LeaversStore = CheckedUploadStore<LeaversSummary>;

export const requestedText = (count: number) =>
  count === 1
    ? '1 deletion request has been sent to your provider for verification.'
    : `${count.toLocaleString('en-GB')} deletion requests have been sent to your provider for verification.`;

export function createLeaversStore(): LeaversStore {
  return createCheckedUpload<LeaversSummary>({
    upload: (file, dryRun, onFailure) => send(haparaApi.leavers, { form: { file, dryRun: dryRun ? 'true' : 'false' } }, { onFailure }),
    // Nothing matched: nothing to file.
    canConfirm: (summary) => summary.matched.length > 0,
    confirmedText: () => LEAVERS_REQUESTED,
    // The summary of what was asked for stays on screen.
    keepConfirmed: true,
  });
}
