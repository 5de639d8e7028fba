// The machine's Chromium and the switches every headless run of it here needs (no sandbox in
// containers, no GPU, no network of its own): shared by the end-to-end tests and the bench.

/** Flags for a headless Chromium on this machine (the caller adds its own headless mode). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
