/** Where each call goes (method and path): plain data, imported by both the contract (schemas) and the typed client (./calls.ts). */
import type { Endpoint } from '../../lib/contract/calls';

export const STAFF_ENDPOINTS = {
  // The app's list (spec section 7, App), and the upload that fills Image URL (beyond the spec).
  appList: { method: 'GET', path: '/api/app/manage/stafflist' },
  appNew: { method: 'POST', path: '/api/app/manage/stafflist/new' },
  appUpdate: { method: 'POST', path: '/api/app/manage/stafflist/update' },
  appDelete: { method: 'POST', path: '/api/app/manage/stafflist/delete' },
  appMove: { method: 'POST', path: '/api/app/manage/stafflist/move' },
  appUpload: { method: 'POST', path: '/api/app/manage/stafflist/upload' },
  // The website's list: the same calls under the website's prefix.
  websiteList: { method: 'GET', path: '/api/website/managestaff/stafflist' },
  websiteNew: { method: 'POST', path: '/api/website/managestaff/stafflist/new' },
  websiteUpdate: { method: 'POST', path: '/api/website/managestaff/stafflist/update' },
  websiteDelete: { method: 'POST', path: '/api/website/managestaff/stafflist/delete' },
  websiteMove: { method: 'POST', path: '/api/website/managestaff/stafflist/move' },
  websiteUpload: { method: 'POST', path: '/api/website/managestaff/stafflist/upload' },
} as const satisfies Record<string, Endpoint>;
