/**
 * The account module's server face to other modules: their embedded code finds a school or a
 * school's user here (./service.ts has them, beside the operator's commands and the demo seed).
 */
export { findSchoolById, findSchoolByLabel, findSchoolUser } from './service';
