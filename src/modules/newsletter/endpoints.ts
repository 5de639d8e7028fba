/** Where each call goes (method and path): plain data, imported by both the contracts (schemas) and the typed clients (./calls.ts, ./builder-calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

export const NEWSLETTER_ENDPOINTS = {
  // The mailing list
  members: { method: 'GET', path: '/api/newsletter/manage/list/load' },
  membersPage: { method: 'GET', path: '/api/newsletter/manage/list/page' },
  addMember: { method: 'POST', path: '/api/newsletter/manage/add' },
  deleteMember: { method: 'POST', path: '/api/newsletter/manage/delete' },
  importMembers: { method: 'POST', path: '/api/newsletter/manage/import' },
  // Sending
  sendSimple: { method: 'POST', path: '/api/newsletter/send/simple' },
  sendSimpleTest: { method: 'POST', path: '/api/newsletter/send/simple/test' },
  previewSimple: { method: 'POST', path: '/api/newsletter/send/simple/preview' },
  // Sent newsletters
  sends: { method: 'GET', path: '/api/newsletter/sends' },
  send: { method: 'GET', path: '/api/newsletter/sends/{id}' },
  pauseSend: { method: 'POST', path: '/api/newsletter/sends/{id}/pause' },
  resumeSend: { method: 'POST', path: '/api/newsletter/sends/{id}/resume' },
  cancelSend: { method: 'POST', path: '/api/newsletter/sends/{id}/cancel' },
  // The outbox (no MAIL_URL): a send's copies, and one message whole
  sendMessages: { method: 'GET', path: '/api/newsletter/sends/{id}/messages' },
  outboxMessage: { method: 'GET', path: '/api/newsletter/outbox/{id}' },
} as const satisfies Record<string, Endpoint>;

/** The newsletter builder's calls (spec section 7, `send/builder*`). */
export const NEWSLETTER_BUILDER_ENDPOINTS = {
  builderFrame: { method: 'GET', path: '/api/newsletter/send/builder/template' },
  builderSaveFrame: { method: 'POST', path: '/api/newsletter/send/builder/template' },
  builderLoad: { method: 'GET', path: '/api/newsletter/send/builder/load' },
  builderLoadTemplate: { method: 'GET', path: '/api/newsletter/send/builder/load/{templateId}' },
  builderNew: { method: 'POST', path: '/api/newsletter/send/builder/new' },
  builderSave: { method: 'POST', path: '/api/newsletter/send/builder/save' },
  builderRender: { method: 'POST', path: '/api/newsletter/send/builder/build' },
  builderUpload: { method: 'POST', path: '/api/newsletter/send/builder/upload' },
  builderSend: { method: 'POST', path: '/api/newsletter/send/builder' },
  builderWebsite: { method: 'POST', path: '/api/newsletter/send/builder/website' },
  builderDownload: { method: 'POST', path: '/api/newsletter/send/builder/download' },
} as const satisfies Record<string, Endpoint>;
