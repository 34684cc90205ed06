import { expect, test } from 'vitest';
import { createWebLogger } from './log.server.ts';

// ADR 070: the web server logs pino JSON lines like the gateway's (level, time, service, msg), so one
// request id can be followed from HAProxy through the web replica into the gateway.
test('a request line is a pino JSON line with service web and the request id', () => {
  const lines: string[] = [];
  const logger = createWebLogger({ write: (line: string) => void lines.push(line) });
  logger.info({ requestId: 'abcdefgh', method: 'GET', path: '/home', status: 200, ms: 12 }, 'request');
  expect(JSON.parse(lines[0]!)).toMatchObject({
    level: 30,
    service: 'web',
    msg: 'request',
    requestId: 'abcdefgh',
    method: 'GET',
    path: '/home',
    status: 200,
    ms: 12,
  });
  expect(typeof JSON.parse(lines[0]!).time).toBe('number');
});
