/**
 * Import members from a CSV file: a dry run first (what would be added, what is already there,
 * which rows cannot be used and why), then the import itself, whole or not at all.
 */
import { send } from '../../../../lib/browser/send';
import { newsletterApi } from '../../calls';
import type { ImportSummary } from '../../contract';
import { createCheckedUpload, type CheckedUploadStore } from '../../../../ui/stores/checked-upload';

export type MemberImportStore = CheckedUploadStore<ImportSummary>;

export const importedText = (added: number) =>
  added === 1 ? '1 member has been added to your mailing list.' : `${added.toLocaleString('en-GB')} members have been added to your mailing list.`;

export function createMemberImportStore(): MemberImportStore {
  return createCheckedUpload<ImportSummary>({
    upload: (file, dryRun, onFailure) => send(newsletterApi.importMembers, { form: { file, dryRun: dryRun ? 'true' : 'false' } }, { onFailure }),
    confirmedText: (summary) => importedText(summary.added),
  });
}
