/** Current time in unix seconds; injected so tests can move time (session expiry, rate limits). */
export type Clock = () => number;
export const systemClock: Clock = () => Math.floor(Date.now() / 1000);
