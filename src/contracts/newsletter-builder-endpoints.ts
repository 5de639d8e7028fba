/**
 * The newsletter builder's calls (spec section 7, `send/builder*`): where each goes. The schemas
 * join them in `newsletterBuilderCalls` (./newsletter-builder.ts); this file stays zod-free.
 */
import { typedEndpoints, type Endpoint } from './calls';
import type { newsletterBuilderCalls } from './newsletter-builder';

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

/** The builder's endpoints with their call types: `send(builderApi.save, { body })`. */
export const builderApi = typedEndpoints<typeof newsletterBuilderCalls>(NEWSLETTER_BUILDER_ENDPOINTS);
