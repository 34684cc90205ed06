import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { GatewayUnreachable, IDLE_CONNECTION_MS, requestGateway } from './gateway-http.server.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// A stand-in gateway that counts requests per connection; a connection's second request can be
// made to hang up without an answer (the gateway closing a kept-alive connection as it is reused).
const perSocket = new WeakMap<Socket, number>();
let connections = 0;
let hangUpSecond = false;
const received: string[] = [];
const server = http.createServer((req, res) => {
  const n = (perSocket.get(req.socket) ?? 0) + 1;
  perSocket.set(req.socket, n);
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    received.push(`${req.method ?? ''} ${req.url ?? ''} ${body}`);
    if (hangUpSecond && n === 2) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ method: req.method, url: req.url, body, n, length: req.headers['content-length'] ?? null }),
    );
  });
});
server.on('connection', () => connections++);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string) => requestGateway(`${base}${path}`, { method: 'GET', headers: {}, timeoutMs: 2000 });

test('calls share kept-alive connections, and a body goes with its byte length', async () => {
  hangUpSecond = false;
  const before = connections;
  for (let i = 0; i < 5; i++) expect((await get(`/read/${String(i)}`)).status).toBe(200);
  expect(connections - before).toBe(1);
  const answer = await requestGateway(`${base}/write`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"Lê"}',
    timeoutMs: 2000,
  });
  expect(JSON.parse(answer.text)).toMatchObject({ method: 'POST', body: '{"name":"Lê"}', length: '14' });
});

test('a read whose kept-alive connection was closed under it is sent again on a new one; a write is not', async () => {
  // Start from fresh connections: the agent drops the ones the server closes.
  server.closeAllConnections();
  await new Promise((resolve) => setTimeout(resolve, 50));
  hangUpSecond = true;
  received.length = 0;
  // A fresh connection answers its first request and hangs up on the second.
  const first = await requestGateway(`${base}/a`, {
    method: 'GET',
    headers: { connection: 'keep-alive' },
    timeoutMs: 2000,
  });
  expect(first.status).toBe(200);
  const again = await get('/b');
  expect(again.status).toBe(200);
  expect(received.filter((line) => line.startsWith('GET /b'))).toHaveLength(2);

  // The retry's connection has answered one request: its next one is hung up on.
  const write = requestGateway(`${base}/pay`, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2000 });
  await expect(write).rejects.toBeInstanceOf(GatewayUnreachable);
  expect(received.filter((line) => line.startsWith('POST /pay'))).toHaveLength(1);
  hangUpSecond = false;
});

test('no answer in time, or no gateway at all, is GatewayUnreachable', async () => {
  const silent = http.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as AddressInfo).port;
  const started = Date.now();
  await expect(
    requestGateway(`http://127.0.0.1:${String(port)}/x`, { method: 'GET', headers: {}, timeoutMs: 150 }),
  ).rejects.toBeInstanceOf(GatewayUnreachable);
  expect(Date.now() - started).toBeLessThan(1000);
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await expect(
    requestGateway(`http://127.0.0.1:${String(port)}/x`, { method: 'GET', headers: {}, timeoutMs: 1000 }),
  ).rejects.toBeInstanceOf(GatewayUnreachable);
});

test(
  'this side closes a connection idle for IDLE_CONNECTION_MS itself: a later write never meets the gateway closing it',
  async () => {
    // A gateway that would keep it for a minute: the connection still closes here, after the pause.
    const gateway = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{"ok":true}'));
    });
    gateway.keepAliveTimeout = 60_000;
    let opened = 0;
    gateway.on('connection', () => opened++);
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((gateway.address() as AddressInfo).port)}/otp`;
    const post = () => requestGateway(url, { method: 'POST', headers: {}, body: '{}', timeoutMs: 2000 });
    expect((await post()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, IDLE_CONNECTION_MS + 400));
    expect((await post()).status).toBe(200);
    expect(opened).toBe(2);
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  },
  timeLimit(10_000),
);
