import http from 'node:http';
import https from 'node:https';
import { pathOf, type EndpointDef, type ParamsOf, type QueryOf } from '#api/endpoint.ts';
import { webConfig } from './config.server.ts';

/**
 * The gateway's answer to a call without a file: its status and body text.
 *
 * Calls that carry no FormData go through `node:http` with one keep-alive agent instead of the
 * global `fetch`: under the SSR bench `fetch` (undici's Fetch layer: Request, Headers, body
 * streams, an AbortSignal per call) was 8 % of the web server's CPU for one small JSON read per
 * page. Uploads keep `fetch`, which encodes multipart bodies.
 */
export type GatewayAnswer = { status: number; text: string };

/**
 * How long a kept-alive connection may sit idle before this side closes it: shorter than the
 * gateway's own keep-alive timeout (65 s, `GATEWAY_KEEP_ALIVE_MS`; Node's default 5 s in front of
 * another server), so a request never goes out on a connection
 * the gateway is closing at that moment (a POST there fails and is not sent again). Without it Node
 * keeps idle connections for ever; with it, Node also honours a shorter `Keep-Alive: timeout=` hint.
 */
export const IDLE_CONNECTION_MS = 3_000;

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 128, timeout: IDLE_CONNECTION_MS }),
};

/** Thrown when the gateway cannot be reached or did not answer within the time allowed. */
export class GatewayUnreachable extends Error {
  constructor(readonly reason: string) {
    super(`gateway unreachable: ${reason}`);
    this.name = 'GatewayUnreachable';
  }
}

type GatewayRequest = { method: string; headers: Record<string, string>; body?: string; timeoutMs: number };

export async function requestGateway(url: string, init: GatewayRequest): Promise<GatewayAnswer> {
  const target = new URL(url);
  if (init.body !== undefined) init.headers['content-length'] = String(Buffer.byteLength(init.body));
  const deadline = Date.now() + init.timeoutMs;
  try {
    return await once(target, init, deadline);
  } catch (error) {
    // A kept-alive connection the gateway closed as we reused it: a read is sent again, once.
    if (!(error instanceof StaleConnection) || (init.method !== 'GET' && init.method !== 'HEAD')) throw error;
    return once(target, init, deadline);
  }
}

class StaleConnection extends GatewayUnreachable {}

function once(target: URL, { method, headers, body }: GatewayRequest, deadline: number): Promise<GatewayAnswer> {
  const transport = target.protocol === 'https:' ? https : http;
  const agent = agents[target.protocol as keyof typeof agents];
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: GatewayUnreachable) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    // The whole call, answer included, within the time allowed (what AbortSignal.timeout gave fetch).
    const timer = setTimeout(
      () => fail(new GatewayUnreachable('no answer in time')),
      Math.max(0, deadline - Date.now()),
    );
    const request = transport.request(target, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => fail(new GatewayUnreachable(error.message)));
      response.on('close', () => {
        if (!response.complete) fail(new GatewayUnreachable('answer cut short'));
      });
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const stale = request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      fail(stale ? new StaleConnection(error.message) : new GatewayUnreachable(error.message));
    });
    request.end(body);
  });
}

/**
 * A declared endpoint that answers bytes (an image, a PDF, an SVG) or that a page passes through as
 * it is: its Response, or undefined when the gateway cannot be reached in time (ADR 078).
 */
export async function gatewayFetch<E extends EndpointDef>(
  endpoint: E,
  input: {
    params?: ParamsOf<E>;
    query?: QueryOf<E> | Record<string, string>;
    /** The member's or staff's bearer token, when the endpoint needs one. */
    token?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Response | undefined> {
  const headers: Record<string, string> = { ...input.headers };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  if (webConfig.gatewayInternalSecret) headers['x-internal-secret'] = webConfig.gatewayInternalSecret;
  const path = pathOf(endpoint, input.params as Record<string, string | number> | undefined, input.query as object);
  return fetch(`${webConfig.gatewayUrl}${path}`, {
    method: endpoint.method,
    headers,
    signal: AbortSignal.timeout(input.timeoutMs ?? webConfig.gatewayTimeoutMs),
  }).catch(() => undefined);
}
