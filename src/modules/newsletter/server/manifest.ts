/**
 * The module as the composition root's one list (src/app/module-list.ts) knows it: its embedded
 * side, its upstream side (the same backend port over the legacy backend) and its shell (gates,
 * menu). The edge build replaces the embedded side with nothing (scripts/edge/build-plugin.mjs).
 */
export { newsletterModule as embedded } from './embedded';
export { newsletterUpstream as upstream } from './upstream';
export { newsletterShell as shell } from './shell';
