import { describe, expect, test } from 'vitest';
import { readiness, readyzAnswer, warmUp, webWarmUpRequests } from './readiness.server.ts';

describe('readiness', () => {
  test('warming, then ready: /readyz says 503 until the warm-up is done', () => {
    const r = readiness();
    expect(readyzAnswer(r.state())).toEqual({ status: 503, body: { status: 'warming' } });
    r.ready();
    expect(readyzAnswer(r.state())).toEqual({ status: 200, body: { status: 'ready' } });
    r.drain();
    expect(readyzAnswer(r.state())).toEqual({ status: 503, body: { status: 'draining' } });
  });
  test('a warm-up that ends after the stop began does not make it ready again', () => {
    const r = readiness();
    r.drain();
    r.ready();
    expect(r.state()).toBe('draining');
  });
});

describe('warmUp', () => {
  const answer = (status: number, cookie?: string) =>
    new Response('ok', { status, headers: cookie ? { 'Set-Cookie': `${cookie}; Path=/; HttpOnly` } : {} });

  test('every request, every round, in order; a cookie set is sent on within the round', async () => {
    const seen: string[] = [];
    const fetchImpl = (async (url: URL, init: RequestInit) => {
      const cookie = (init.headers as Record<string, string>).Cookie ?? '-';
      seen.push(`${init.method ?? 'GET'} ${url.pathname} ${cookie}`);
      return url.pathname === '/language'
        ? answer(302, 'gym_session=en')
        : answer(url.pathname === '/missing' ? 404 : 200);
    }) as unknown as typeof fetch;
    const result = await warmUp({
      origin: 'http://127.0.0.1:3000',
      requests: [{ path: '/landing' }, { method: 'POST', path: '/language' }, { path: '/missing' }],
      rounds: 2,
      timeoutMs: 5_000,
      fetchImpl,
    });
    expect(seen).toEqual([
      'GET /landing -',
      'POST /language -',
      'GET /missing gym_session=en',
      'GET /landing -',
      'POST /language -',
      'GET /missing gym_session=en',
    ]);
    expect(result).toMatchObject({ sent: 6, failed: 2, timedOut: false });
  });

  test('rounds in lanes (ADR 088): several rounds at a time, each keeping its own cookie, every request sent', async () => {
    let inFlight = 0;
    let most = 0;
    const cookiesSeen: string[] = [];
    const fetchImpl = (async (url: URL, init: RequestInit) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      if (url.pathname === '/language') return answer(302, `gym_session=${String(Math.random())}`);
      cookiesSeen.push((init.headers as Record<string, string>).Cookie ?? '-');
      return answer(200);
    }) as unknown as typeof fetch;
    const result = await warmUp({
      origin: 'http://127.0.0.1:3000',
      requests: [{ path: '/landing' }, { method: 'POST', path: '/language' }, { path: '/home' }],
      rounds: 7,
      lanes: 3,
      timeoutMs: 5_000,
      fetchImpl,
    });
    expect(result).toMatchObject({ sent: 21, failed: 0, timedOut: false });
    expect(most).toBe(3);
    // Each round's /home carries the cookie its own /language set: 7 different ones, none missing.
    const afterLanguage = cookiesSeen.filter((c) => c !== '-');
    expect(afterLanguage).toHaveLength(7);
    expect(new Set(afterLanguage).size).toBe(7);
  });

  test('a server that does not answer: given up after the time-out, never unready for ever', async () => {
    const fetchImpl = ((_url: URL, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as unknown as typeof fetch;
    const result = await warmUp({
      origin: 'http://127.0.0.1:3000',
      requests: [{ path: '/landing' }, { path: '/login' }],
      rounds: 3,
      timeoutMs: 300,
      fetchImpl,
    });
    expect(result.timedOut).toBe(true);
    // The first request hangs until the deadline aborts it; none after it (a loaded machine may not even start it in time).
    expect(result.sent).toBeLessThanOrEqual(1);
    expect(result.ms).toBeGreaterThanOrEqual(290);
  });

  test("the web server's requests: both languages, the language form posted from the server's own origin", () => {
    const requests = webWarmUpRequests('http://127.0.0.1:3000');
    const post = requests.find((r) => r.method === 'POST');
    expect(post).toMatchObject({ path: '/language', headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(requests.filter((r) => r.path === '/home')).toHaveLength(2);
    // The platform gate shows desktops a notice: the warm-up is a phone.
    expect(requests.every((r) => /Mobile/.test(r.headers?.['User-Agent'] ?? ''))).toBe(true);
  });
});
