// Staff of the load run: the GM's token for the door scanner (any club) and the first club's three
// trainers (accept PT packages, confirm sessions). Staff sign in by OTP like members; a phone gets 4
// codes a day before waits begin (ADR 017), so tokens are kept in the results folder between runs
// and checked with GET /staff/me before use.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const GM_PHONE = '0100000003';
export const TRAINER_PHONES = ['0100002000', '0100002001', '0100002002'];

/**
 * @param {ReturnType<typeof import('./http.mjs').createHttp>} http
 * @param {string} resultsDir
 * @param {string} gatewayUrl
 */
export async function staffTokens(http, resultsDir, gatewayUrl) {
  const file = path.join(resultsDir, '.staff-tokens.json');
  const cache = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const mine = (cache[gatewayUrl] ??= {});
  const who = (i) => ({ ip: `192.0.2.${String(10 + i)}` });

  async function tokenOf(phone, i) {
    if (mine[phone]) {
      const me = await http.request('staff: GET /staff/me', who(i), {
        base: 'gw',
        path: '/api/v1/staff/me',
        bearer: mine[phone],
        accept: (a) => a.status === 200 || a.status === 401,
      });
      if (me?.status === 200) return { token: mine[phone], id: me.body.data.id };
    }
    const sent = await http.request('staff: sign-in code', who(i), {
      base: 'gw',
      path: '/api/v1/staff/auth/otp/send',
      json: { phoneNumber: phone },
    });
    if (!sent) throw new Error(`staff ${phone}: the sign-in code was refused`);
    const sms = await http.request('sms outbox', who(i), { base: 'gw', path: `/sandbox/sms?phone=${phone}` });
    const otp = /\b(\d{4})\b/.exec(sms?.body?.data?.[0]?.text ?? '')?.[1];
    const login = await http.request('staff: sign in', who(i), {
      base: 'gw',
      path: '/api/v1/staff/auth/otp/login',
      json: { phoneNumber: phone, otp },
    });
    if (!login) throw new Error(`staff ${phone}: sign-in failed`);
    mine[phone] = login.body.data.accessToken;
    const me = await http.request('staff: GET /staff/me', who(i), {
      base: 'gw',
      path: '/api/v1/staff/me',
      bearer: mine[phone],
    });
    return { token: mine[phone], id: me.body.data.id };
  }

  const gm = await tokenOf(GM_PHONE, 0);
  /** @type {Map<number, string>} trainer account id → token */
  const trainers = new Map();
  for (const [i, phone] of TRAINER_PHONES.entries()) {
    const t = await tokenOf(phone, i + 1);
    trainers.set(t.id, t.token);
  }
  writeFileSync(file, JSON.stringify(cache), { mode: 0o600 });
  return { gm: gm.token, trainers };
}
