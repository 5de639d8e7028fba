/**
 * The module as the composition root's one list (src/app/module-list.ts) knows it: its embedded
 * side, its upstream side (the same backend port over the legacy backend) and its shell (gates,
 * menu). The edge build replaces the embedded side with nothing (scripts/edge/build-plugin.mjs).
 */
export { appModule as embedded } from './embedded';
export { appUpstream as upstream } from './upstream';
export { appShell as shell } from './shell';
