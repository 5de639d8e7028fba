import type { UpstreamModule } from '../../../../platform/upstream/types';
import { mountUpstream } from '../../../../platform/upstream/port';
import { haparaCalls } from '../../contract';
import { STUDENTS_DOWNLOAD_PATH } from '../../calls';
import { HAPARA_ROUTES } from '../routes';
import { classListOnce, statusOnce, upstreamHaparaBackend } from './backend';
import { listAllStudents } from './service';
import type { HaparaBackend } from '../backend';

const calls = haparaCalls;

/**
 * The hapara module against the provider's legacy backend (upstream mode). It declares neither
 * 'hapara.leavers' (the legacy backend has no leavers upload) nor 'hapara.requests' (the
 * provider's verification queue is its own): the screens hide both.
 */
export const haparaUpstream: UpstreamModule<HaparaBackend> = {
  name: 'hapara',
  backend: upstreamHaparaBackend,
  mountApi(api) {
    mountUpstream(api, HAPARA_ROUTES, upstreamHaparaBackend, {
      calls: [
        calls.studentList,
        calls.studentPage,
        calls.studentForm,
        calls.addStudent,
        calls.updateStudent,
        calls.deleteStudent,
        calls.classes,
        calls.saveClasses,
        calls.status,
      ],
      downloads: [STUDENTS_DOWNLOAD_PATH],
    });
  },
  capabilities: [],
  // The leavers upload is the embedded backend's own.
  pages: ['/hapara', '/hapara/studentlist', '/hapara/classlist', '/hapara/status', '/hapara/upload'],
  // The student list's whole legacy list (kept for the request by the service) is what its screen pages, whatever the address asks.
  warmups: { '/hapara/classlist': classListOnce, '/hapara/status': statusOnce, '/hapara/studentlist': listAllStudents },
};
