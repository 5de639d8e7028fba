/**
 * Runs `tick` every `ms` milliseconds, each time after the previous tick has finished (a slow
 * answer never stacks requests); returns the stop. Live progress on screens that follow work the
 * server is doing (Sent Newsletters).
 */
export function every(ms: number, tick: (stopped: () => boolean) => Promise<void>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    await tick(() => stopped);
    if (!stopped) timer = setTimeout(() => void run(), ms);
  };
  timer = setTimeout(() => void run(), ms);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
