// The load run's HTTP client: Node's fetch (undici), a cookie jar per member, one record per request
// in the recorder, and the retry a real app makes: a request that is safe to send again (a read, or a
// write the gateway answers the same when repeated) is sent once more after a connection error or a
// 502/503/504, after Retry-After (at most 3 s) or 1 s. Retries are counted apart from errors.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { URLSearchParams } from 'node:url';

const RETRY_STATUSES = new Set([502, 503, 504]);
const TIMEOUT_MS = 20_000;

/** A network failure's short name: ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET, timeout… */
function networkCode(error) {
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') return 'timeout';
  return error?.cause?.code ?? error?.code ?? error?.cause?.name ?? 'network';
}

/** Reads a React Router session cookie's value (signed, not encrypted: base64 JSON before the signature). */
export function readSignedCookie(value) {
  const raw = decodeURIComponent(value);
  const payload = raw.slice(0, raw.lastIndexOf('.'));
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
}

/**
 * @param {{ recorder: ReturnType<typeof import('./stats.mjs').createRecorder>, webUrl: string, gatewayUrl: string,
 *   internalSecret?: string }} options
 */
export function createHttp({ recorder, webUrl, gatewayUrl, internalSecret }) {
  /**
   * @typedef {{ ip: string, cookies?: Map<string, string>, token?: string }} Who
   * @typedef {{ status: number, ok: boolean, body: any, text: string, location: string | null, headers: Headers, code?: unknown }} Answer
   */

  /**
   * One request (and its one retry), recorded under `action`.
   * @param {string} action
   * @param {Who} who
   * @param {{ base?: 'web' | 'gw' | 'abs', method?: string, path: string, json?: unknown, form?: Record<string, string> | URLSearchParams,
   *   bearer?: string, retry?: boolean, refusals?: (string | number)[], accept?: (a: Answer) => boolean }} req
   * @returns {Promise<Answer | null>} null when it failed (recorded as an error)
   */
  async function request(action, who, req) {
    const method = req.method ?? (req.json !== undefined || req.form ? 'POST' : 'GET');
    const retry = req.retry ?? (method === 'GET' || method === 'HEAD' || method === 'PUT');
    const url = req.base === 'abs' ? req.path : `${req.base === 'web' ? webUrl : gatewayUrl}${req.path}`;
    const headers = { 'accept-language': 'vi' };
    if (req.base === 'web') {
      // HAProxy appends its own client (this process) after it: the web replica, trusting loopback, takes this one.
      headers['x-forwarded-for'] = who.ip;
      headers['user-agent'] =
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
      const jar = who.cookies;
      if (jar && jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (method !== 'GET') headers.origin = webUrl;
    } else if (internalSecret) {
      // As the web server calls the gateway: the member's own address, vouched for by the shared secret.
      headers['x-client-ip'] = who.ip;
      headers['x-internal-secret'] = internalSecret;
    }
    const bearer = req.bearer ?? (req.base === 'gw' ? who.token : undefined);
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let body;
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    }

    const started = performance.now();
    let retried = false;
    for (let attempt = 0; ; attempt++) {
      let answer;
      let failure;
      try {
        const res = await fetch(url, {
          method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const text = await res.text();
        let parsed = null;
        if ((res.headers.get('content-type') ?? '').includes('json')) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = null;
          }
        }
        if (who.cookies) {
          for (const line of res.headers.getSetCookie()) {
            const [pair] = line.split(';');
            const eq = pair.indexOf('=');
            const name = pair.slice(0, eq).trim();
            const value = pair.slice(eq + 1).trim();
            if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') who.cookies.delete(name);
            else who.cookies.set(name, value);
          }
        }
        answer = {
          status: res.status,
          ok: res.status < 400,
          body: parsed,
          text,
          location: res.headers.get('location'),
          headers: res.headers,
          code: parsed?.code,
        };
        if (RETRY_STATUSES.has(res.status)) failure = String(res.status);
      } catch (error) {
        failure = networkCode(error);
      }
      if (failure && retry && attempt === 0) {
        retried = true;
        const after = Number(answer?.headers.get('retry-after'));
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(3, after) * 1000 : 1000);
        continue;
      }
      const ms = performance.now() - started;
      if (!answer || failure) {
        recorder.record(action, { ms, outcome: 'error', status: failure ?? 'network', retried });
        return null;
      }
      const code = answer.code;
      if (answer.status >= 400 && req.refusals?.some((r) => r === code || r === answer.status)) {
        recorder.record(action, { ms, outcome: 'refused', status: `${answer.status}/${String(code)}`, retried });
        return answer;
      }
      const good = req.accept ? req.accept(answer) : answer.status < 400;
      if (!good) {
        recorder.record(action, {
          ms,
          outcome: 'error',
          status: code === undefined || code === null ? answer.status : `${answer.status}/${String(code)}`,
          retried,
        });
        return null;
      }
      recorder.record(action, { ms, outcome: 'ok', status: answer.status, retried });
      return answer;
    }
  }

  return { request };
}
