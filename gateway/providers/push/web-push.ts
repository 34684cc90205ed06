import webpush from 'web-push';
import { PushDeliveryError, type PushSender } from './port.ts';

export type WebPushConfig = {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use to reach the operator. */
  subject: string;
  timeoutMs: number;
  /** How long a push service keeps an undelivered message (the phone may be off). */
  ttlSeconds: number;
  /** Which endpoints may be called; by default only https on the browsers' known push services. */
  allowEndpoint?: (url: URL) => boolean;
};

// The push services of Chrome/Android (FCM), Firefox, Edge/Windows and Safari (Apple).
const KNOWN_PUSH_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/** A member chooses the endpoint: only real push services are called, so it cannot aim the gateway elsewhere. */
export function isKnownPushService(url: URL): boolean {
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return KNOWN_PUSH_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291).
 * The web-push library builds the encrypted request; it is sent with fetch so a timeout covers
 * the whole exchange and redirects are never followed.
 */
export function createWebPushSender(config: WebPushConfig, fetchImpl: typeof fetch = fetch): PushSender {
  const allowEndpoint = config.allowEndpoint ?? isKnownPushService;

  async function send({ target, payload }: Parameters<PushSender['send']>[0]) {
    let url: URL;
    try {
      url = new URL(target.endpoint);
    } catch {
      throw new PushDeliveryError('push endpoint is not a URL');
    }
    if (!allowEndpoint(url)) throw new PushDeliveryError('push endpoint is not a known push service');

    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
          TTL: config.ttlSeconds,
          contentEncoding: 'aes128gcm',
        },
      );
    } catch {
      // Keys the browser sent that do not make a valid P-256 point and auth secret.
      throw new PushDeliveryError('push subscription keys are not usable');
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }

    let status: number;
    try {
      const response = await fetchImpl(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new PushDeliveryError(`push service timed out after ${config.timeoutMs} ms`);
      }
      throw new PushDeliveryError('push request failed: network error');
    }
    // RFC 8030 §5: 201 Created; some services answer 200 or 202.
    if (status >= 200 && status <= 299) return 'sent' as const;
    // 404 and 410: the subscription expired or was removed by the browser.
    if (status === 404 || status === 410) return 'gone' as const;
    throw new PushDeliveryError(`push service answered HTTP ${status}`, status);
  }

  return { name: 'webpush', publicKey: config.publicKey, send };
}
