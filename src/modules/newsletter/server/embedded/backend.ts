/** The newsletter's port (../backend.ts) on the embedded backend: the school's list, sends and builds in its database, its mail sent or kept. */
import type { RequestContext } from '../../../../platform/context';
import type { Runtime } from '../../../../platform/runtime';
import { portalAddress, sitesAddress } from '../../../../platform/http/link-addresses';
import { mailTransportOf } from '../../../../platform/mail';
import type { NewsletterBackend } from '../backend';
import * as members from './members/service';
import { importMembers } from './members/import';
import * as sends from './sends/service';
import * as outbox from './sends/outbox';
import { sendSimpleNewsletter, loadSimpleSendScreen, type SimpleSendPlace } from './sends/simple';
import { sendQuota } from './sends/quota';
import { previewSimple, sendSimpleTest, testAddressesOf } from './sends/test-send';
import * as builds from './builder/service';
import { uploadBuilderFile } from './builder/upload';
import { sendBuild } from './builder/send';
import { publishBuild } from './builder/publish';
import { requestPdf } from './builder/pdf/job';
import { withTitle } from './builder/render/html';

export function embeddedNewsletterBackend(ctx: RequestContext, runtime: Runtime): NewsletterBackend {
  const { config } = runtime;
  // Where a send's links point, as configured: the portal (unsubscribe) and the public site (posts, uploads).
  const place: SimpleSendPlace = { dataDir: config.PORTAL_DATA_DIR, portalOrigin: portalAddress(config), siteOrigin: sitesAddress(config), quota: config };
  // Without MAIL_URL mail is kept in the outbox, not sent: the screens say so.
  const kept = !config.MAIL_URL;
  return {
    listAllMembers: () => members.listAllMembers(ctx),
    listMembersPage: (location, limit) => members.listMembersPage(ctx, location, limit),
    addMember: (input) => members.addMember(ctx, input),
    deleteMember: (email) => members.deleteMember(ctx, email),
    importMembers: async (file, dryRun) => importMembers(ctx, new Uint8Array(await file.arrayBuffer()), dryRun),
    async exportMembers() {
      const day = new Date(ctx.now * 1000).toISOString().slice(0, 10);
      return {
        body: await members.exportMembersCsv(ctx),
        contentType: 'text/csv; charset=utf-8',
        disposition: `attachment; filename="mailing-list-${ctx.domain.label}-${day}.csv"`,
      };
    },

    loadSendForm: async () => ({ ...(await loadSimpleSendScreen(ctx, config)), testAddresses: await testAddressesOf(ctx) }),
    async sendQuota() {
      const { limit, left } = await sendQuota(ctx, config);
      return { limit, left };
    },
    sendSimple: (form) => sendSimpleNewsletter(ctx, form, place),
    sendSimpleTest: (form) => sendSimpleTest(ctx, form, place, mailTransportOf(runtime)),
    previewSimple: (input) => previewSimple(ctx, input, place),
    listSends: async (page) => ({ ...(await sends.listSends(ctx, { page, query: '' })), outbox: kept }),
    sendDetail: async (id) => ({ ...(await sends.sendDetail(ctx, id)), outbox: kept }),
    pauseSend: (id) => sends.pauseSend(ctx, id),
    resumeSend: (id) => sends.resumeSend(ctx, id),
    cancelSend: (id) => sends.cancelSend(ctx, id),
    listSendMessages: (sendId, page) => outbox.listSendMessages(ctx, sendId, page),
    outboxMessage: (id) => outbox.outboxMessage(ctx, id),

    builderFrame: () => builds.builderFrame(ctx),
    saveBuilderFrame: (frame) => builds.saveBuilderFrame(ctx, frame),
    loadBuilder: () => builds.loadBuilder(ctx),
    loadBuild: (id) => builds.loadBuild(ctx, id),
    newBuild: (name, provider) => builds.newBuild(ctx, name, provider),
    saveBuild: (id, build) => builds.saveBuild(ctx, id, build),
    async renderBuild(build) {
      const { html, bytes } = await builds.renderBuild(ctx, build);
      return { html, bytes };
    },
    uploadBuilderFile: (file) => uploadBuilderFile(ctx, config.PORTAL_DATA_DIR, file),
    sendBuild: (form) => sendBuild(ctx, form, place, mailTransportOf(runtime)),
    publishBuild: (form) => publishBuild(ctx, form, place.siteOrigin),
    async requestPdf(html, subject) {
      await requestPdf(ctx, config, subject ? withTitle(html, subject) : html, [place.portalOrigin, place.siteOrigin]);
    },
  };
}
