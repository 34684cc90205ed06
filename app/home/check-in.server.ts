import type { CheckInDeviceKey } from '#api/check-in.ts';
import { GatewayError, type gatewayClient } from '#app/server/gateway.server.ts';
import type { AppSession } from '#app/server/session.server.ts';
import { qrSvg } from '#app/payments/payment.server.ts';
import { checkInEndpoints } from '#api/endpoints/check-in.ts';

type Call = ReturnType<typeof gatewayClient>;

/** A short name for the device list ("Android · Chrome"), from the browser's user agent. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const os = /iPhone|iPad/.test(ua)
    ? 'iPhone'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'Mac'
          : 'Web';
  const browser = /Zalo/i.test(ua)
    ? 'Zalo'
    : /FBAN|FBAV/.test(ua)
      ? 'Facebook'
      : /Edg\//.test(ua)
        ? 'Edge'
        : /CriOS|Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /Firefox\//.test(ua)
              ? 'Firefox'
              : '';
  return browser ? `${os} · ${browser}` : os;
}

/** Registers a new check-in device for this browser; the key is answered once, for the page to keep. */
export async function registerDevice(
  call: Call,
  session: AppSession,
  userAgent: string | null,
): Promise<CheckInDeviceKey> {
  const registered = await call(checkInEndpoints.registerDevice, {
    json: { label: deviceLabel(userAgent) },
  });
  session.set('checkInDeviceId', registered.data.deviceId);
  return registered.data;
}

/**
 * This browser's device and its current code. A browser without a device yet (or whose device was
 * revoked: a 4th device elsewhere, the device list) gets a new one, and its key comes with the page once.
 */
export async function checkInCode(call: Call, session: AppSession, userAgent: string | null) {
  let newKey: CheckInDeviceKey | null = null;
  let deviceId = session.get('checkInDeviceId');
  if (!deviceId) {
    newKey = await registerDevice(call, session, userAgent);
    deviceId = newKey.deviceId;
  }
  const codeOf = (id: string) => call(checkInEndpoints.code, { query: { deviceId: id } });
  let current;
  try {
    current = await codeOf(deviceId);
  } catch (error) {
    if (!(error instanceof GatewayError && error.status === 404) || newKey) throw error;
    newKey = await registerDevice(call, session, userAgent);
    deviceId = newKey.deviceId;
    current = await codeOf(deviceId);
  }
  return {
    deviceId,
    newKey,
    code: current.data.code,
    validUntil: current.data.validUntil,
    qr: await qrSvg(current.data.code),
  };
}

/** The member's newest visit after an instant (the open check-in page asks every 2 s). */
export async function visitSince(call: Call, since: string) {
  const visits = await call(checkInEndpoints.visits, { query: { limit: 1, since } });
  return visits.data[0] ?? null;
}
