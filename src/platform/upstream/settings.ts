import { configError, type Config } from '../config';
import type { UpstreamSettings } from './client';

export function upstreamSettings(config: Config): UpstreamSettings {
  if (!config.PORTAL_UPSTREAM_URL) throw configError('Invalid configuration: PORTAL_UPSTREAM_URL must be set when PORTAL_BACKEND is upstream.', 'PORTAL_UPSTREAM_URL');
  return { baseUrl: config.PORTAL_UPSTREAM_URL, timeoutMs: config.PORTAL_UPSTREAM_TIMEOUT_SECONDS * 1000, maxUploadMb: config.PORTAL_MAX_UPLOAD_MB };
}

/**
 * Start-up's check that the legacy backend answers at all (any HTTP answer will do: signed out,
 * its user call says so); one line naming the variable when it does not.
 */
export async function checkUpstream(settings: Pick<UpstreamSettings, 'baseUrl' | 'timeoutMs'>): Promise<void> {
  try {
    const response = await fetch(`${settings.baseUrl}/api/api/user`, {
      headers: { Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    await response.body?.cancel();
  } catch (err) {
    const reason =
      err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.name === 'TimeoutError' ? 'no answer in time' : err.message) : String(err);
    throw configError(`Invalid configuration: PORTAL_UPSTREAM_URL ${settings.baseUrl} cannot be reached (${reason}).`, 'PORTAL_UPSTREAM_URL');
  }
}
