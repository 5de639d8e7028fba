import { Hono } from 'hono';
import { haparaCalls } from '../../../contracts/hapara';
import { STUDENTS_DOWNLOAD_PATH } from '../../../contracts/hapara-endpoints';
import { routePath } from '../../http/calls';
import { legacyEnvelope } from '../../upstream/legacy';
import { UPSTREAM_MESSAGES, UpstreamFailure } from '../../upstream/errors';
import { requireUpstreamSession, serveUpstream } from '../../upstream/serve';
import type { UpstreamEnv } from '../../upstream/types';
import * as hapara from './service';

/** Learning in the Cloud's calls the legacy backend has (all of the spec's), served through the upstream service. */
export const haparaUpstreamRoutes = new Hono<UpstreamEnv>();

serveUpstream(haparaUpstreamRoutes, haparaCalls.studentList, async (up) => ({ studentList: await hapara.listAllStudents(up) }));
serveUpstream(haparaUpstreamRoutes, haparaCalls.studentPage, (up, { query }) =>
  hapara.listStudentsPage(up, { page: query.page, query: query.query ?? '' }, query.limit),
);
serveUpstream(haparaUpstreamRoutes, haparaCalls.studentForm, (up) => hapara.loadStudentForm(up));
serveUpstream(haparaUpstreamRoutes, haparaCalls.addStudent, async (up, { body }) => ({ student: await hapara.addStudent(up, body) }));
serveUpstream(haparaUpstreamRoutes, haparaCalls.updateStudent, async (up, { body }) => ({ student: await hapara.updateStudent(up, body) }));
serveUpstream(haparaUpstreamRoutes, haparaCalls.deleteStudent, async (up, { body }) => ({ student: await hapara.deleteStudent(up, body.index) }));
serveUpstream(haparaUpstreamRoutes, haparaCalls.classes, (up) => hapara.loadClassListScreen(up));
serveUpstream(haparaUpstreamRoutes, haparaCalls.saveClasses, (up, { body }) => hapara.saveClasses(up, body));
serveUpstream(haparaUpstreamRoutes, haparaCalls.status, async (up) => ({ status: await hapara.loadStatusScreen(up) }));

/**
 * Export CSV: the legacy backend's file streamed through with its type and name. A JSON answer
 * instead of the file is the legacy envelope (signed out, or refused): settled as a call's.
 */
haparaUpstreamRoutes.get(routePath(STUDENTS_DOWNLOAD_PATH), requireUpstreamSession, async (c) => {
  const response = await hapara.downloadStudents(c.get('upstream'));
  const type = response.headers.get('Content-Type') ?? 'text/csv; charset=utf-8';
  if (type.includes('application/json') || !response.body) {
    const envelope = legacyEnvelope.safeParse(await response.json().catch(() => null));
    if (envelope.success && envelope.data.isAuthFailed) throw new UpstreamFailure(401, UPSTREAM_MESSAGES.signedOut, 'signed_out');
    throw new UpstreamFailure(502, UPSTREAM_MESSAGES.failed, 'upstream_failed');
  }
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-store' };
  const disposition = response.headers.get('Content-Disposition');
  headers['Content-Disposition'] = disposition ?? 'attachment; filename="students.csv"';
  return new Response(response.body, { status: 200, headers });
});

/** The Learning in the Cloud screens upstream mode can show (the leavers upload is the embedded backend's own). */
export const HAPARA_UPSTREAM_PAGES: readonly string[] = ['/hapara', '/hapara/studentlist', '/hapara/classlist', '/hapara/status', '/hapara/upload'];
