/**
 * The newsletter's port (../backend.ts) on the legacy backend: the mailing list only. The CSV
 * import and export, sending, the sends and the builder are not legacy calls: their routes are
 * not mounted in upstream mode and their pages are 'not available'.
 */
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { NewsletterBackend } from '../backend';
import * as members from './service';

/** The whole list, asked once per request: upstream mode's page middleware starts it beside the user call, and every page is cut from it. */
export const membersOnce = (up: UpstreamScope) => up.once('newsletter.members', () => members.listAllMembers(up));

const notLegacy = (): Promise<never> => Promise.reject(new Error('The legacy backend has the mailing list only: this route and page are not served in upstream mode.'));

export function upstreamNewsletterBackend(up: UpstreamScope): NewsletterBackend {
  return {
    listAllMembers: () => membersOnce(up),
    listMembersPage: async (location, limit) => members.membersPage(await membersOnce(up), location, limit),
    addMember: (input) => members.addMember(up, input),
    deleteMember: (email) => members.deleteMember(up, email),
    importMembers: notLegacy,
    exportMembers: notLegacy,

    loadSendForm: notLegacy,
    sendQuota: notLegacy,
    sendSimple: notLegacy,
    sendSimpleTest: notLegacy,
    previewSimple: notLegacy,
    listSends: notLegacy,
    sendDetail: notLegacy,
    pauseSend: notLegacy,
    resumeSend: notLegacy,
    cancelSend: notLegacy,
    listSendMessages: notLegacy,
    outboxMessage: notLegacy,

    builderFrame: notLegacy,
    saveBuilderFrame: notLegacy,
    loadBuilder: notLegacy,
    loadBuild: notLegacy,
    newBuild: notLegacy,
    saveBuild: notLegacy,
    renderBuild: notLegacy,
    uploadBuilderFile: notLegacy,
    sendBuild: notLegacy,
    publishBuild: notLegacy,
    requestPdf: notLegacy,
  };
}
