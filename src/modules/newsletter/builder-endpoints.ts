/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./builder-calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

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
