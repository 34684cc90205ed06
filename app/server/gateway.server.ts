import { data, type RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import { Codes, isSuccessCode, messageForCode, type Code } from '#api/codes.ts';
import {
  isBinary,
  pathOf,
  type BodyOf,
  type EndpointDef,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '#api/endpoint.ts';
import type { Envelope, FieldErrors } from '#api/envelope.ts';
import { webConfig } from './config.server.ts';
import { requestGateway, type GatewayAnswer } from './gateway-http.server.ts';
import { getLang } from './i18n.server.ts';
import { getDeviceToken, getSession, signOutSession } from './session.server.ts';

/** A failure answer from the gateway, with its code's message in the page's language. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: Code,
    readonly text: string,
    readonly data: unknown,
  ) {
    super(`gateway answered ${String(code)}`);
    this.name = 'GatewayError';
  }

  get fieldErrors(): FieldErrors | undefined {
    return (this.data as { fieldErrors?: FieldErrors } | undefined)?.fieldErrors;
  }
}

/** What a page's loader throws when the gateway cannot answer: the page becomes a 503 "try again" (issue 9). */
export type GatewayUnavailable = { gatewayUnavailable: true };

const RETRY_AFTER_SECONDS = '5';

/**
 * A read (GET) whose gateway is down or restarting fails the page with HTTP 503: the layout's
 * error boundary keeps the shell and offers Try again. A write keeps its GatewayError, so the
 * action can show it beside what the member typed.
 */
function unavailable(request: Request, error: GatewayError): never {
  if (request.method === 'GET' || request.method === 'HEAD') {
    throw data<GatewayUnavailable>(
      { gatewayUnavailable: true },
      { status: 503, headers: { 'retry-after': RETRY_AFTER_SECONDS } },
    );
  }
  throw error;
}

/** Whether a loader's failure is the gateway being away (see `unavailable`). */
export function isGatewayUnavailable(error: unknown): boolean {
  const thrown = error as { init?: { status?: number } | null; data?: Partial<GatewayUnavailable> } | null;
  return thrown?.init?.status === 503 && thrown.data?.gatewayUnavailable === true;
}

/**
 * How long the web waits for a call that reads a photo (an InBody sheet, an identity card): the
 * gateway may queue it and reads it for up to 20 s (INBODY_OCR_TIMEOUT_MS; FPT.AI 20 s a side), after
 * decoding it. The default GATEWAY_TIMEOUT_MS would tell the member it timed out while it is being read.
 */
export const PHOTO_READING_TIMEOUT_MS = 45_000;

type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: FormData;
  /** How long to wait for this call, when it may take longer than GATEWAY_TIMEOUT_MS (a photo read by OCR). */
  timeoutMs?: number;
  /** The form's one-time key: the gateway does a repeat of it (a double tap, a resent form) once (ADR 052). */
  idempotencyKey?: string;
};

/** What a call of a declared endpoint passes (ADR 078): its path parameters, query and body, typed by the declaration. */
export type CallInput<E extends EndpointDef> = {
  query?: QueryOf<E>;
  timeoutMs?: number;
  idempotencyKey?: string;
} & (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> }) &
  (E['body'] extends z.ZodType ? { json: BodyOf<E> } : { json?: undefined }) &
  (E['multipart'] extends object ? { form: FormData } : { form?: undefined });

/** The input is optional when the declaration needs none. */
type InputArgs<E extends EndpointDef> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export type Answer<T> = { code: Code; message: string; data: T };

/** The client of the declared endpoints: `call(endpoint, input)`, typed by the declaration. */
export type GatewayCall = {
  <E extends EndpointDef>(endpoint: E, ...input: InputArgs<E>): Promise<Answer<ResponseOf<E>>>;
};
type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * Whose token a call carries and what a 401 does: the member's session by default; the staff area
 * (issue 17) passes its own, kept in its own cookie.
 */
export type Caller = { token: string | undefined; signOut(): void; signInPath: string };

const memberCaller = (context: Readonly<RouterContextProvider>): Caller => {
  const session = getSession(context);
  return { token: session.get('token'), signOut: () => signOutSession(session), signInPath: '/landing' };
};

/** What a loader throws on a 401: the root's error boundary shows it, then goes to `to`. */
export type SessionExpired = { sessionExpired: true; message: string; to: string };

/** The one way the web server talks to the gateway (ARCHITECTURE §7). */
export function gatewayClient({ request, context }: Args, caller: Caller = memberCaller(context)) {
  const lang = getLang(context);

  async function send(path: string, options: CallOptions): Promise<Answer<unknown>> {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': lang };
    if (caller.token) headers.authorization = `Bearer ${caller.token}`;
    // ADR 017: a known device keeps its own OTP codes and limits at the gateway.
    const deviceToken = getDeviceToken(context);
    if (deviceToken) headers['x-device-token'] = deviceToken;
    // The gateway believes the member address only with the shared secret beside it.
    const clientIp = request.headers.get('x-client-ip');
    if (clientIp) headers['x-client-ip'] = clientIp;
    // What the member's browser says it is: kept in the audit trail of an e-contract signature (ADR 047).
    const userAgent = request.headers.get('user-agent');
    if (userAgent) headers['x-client-user-agent'] = userAgent.slice(0, 300);
    if (webConfig.gatewayInternalSecret) headers['x-internal-secret'] = webConfig.gatewayInternalSecret;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    // The page's request id (http-server.ts), so the gateway's log line of this call carries it.
    const requestId = request.headers.get('x-request-id');
    if (requestId) headers['x-request-id'] = requestId;
    const url = `${webConfig.gatewayUrl}${path}`;
    const method = options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET');
    let response: GatewayAnswer;
    try {
      if (options.form) {
        // An upload: fetch encodes the multipart body.
        const answer = await fetch(url, {
          method,
          headers,
          body: options.form,
          signal: AbortSignal.timeout(options.timeoutMs ?? webConfig.gatewayTimeoutMs),
        });
        response = { status: answer.status, text: await answer.text() };
      } else {
        if (options.json !== undefined) headers['content-type'] = 'application/json';
        const body = options.json === undefined ? undefined : JSON.stringify(options.json);
        response = await requestGateway(url, {
          method,
          headers,
          body,
          timeoutMs: options.timeoutMs ?? webConfig.gatewayTimeoutMs,
        });
      }
    } catch {
      unavailable(request, new GatewayError(503, Codes.TIMEOUT, messageForCode(Codes.TIMEOUT, lang), undefined));
    }

    const envelope = parseEnvelope(response.text);
    if (response.status === 401 || envelope?.code === Codes.SESSION_EXPIRED) {
      // §4: clear the session, then the error page shows the toast and goes to /landing after 1 s.
      caller.signOut();
      throw data<SessionExpired>(
        { sessionExpired: true, message: messageForCode(Codes.SESSION_EXPIRED, lang), to: caller.signInPath },
        { status: 401 },
      );
    }
    if (response.status === 503) {
      // The gateway is up but its database is away (ADR 015): temporary, like the gateway being down.
      const code = envelope?.code ?? Codes.SERVICE_ERROR;
      unavailable(
        request,
        new GatewayError(503, code, messageForCode(code, lang, envelope?.description), envelope?.data),
      );
    }
    if (!envelope || envelope.code === undefined) {
      throw new GatewayError(response.status, Codes.SYSTEM_ERROR, messageForCode(Codes.SYSTEM_ERROR, lang), undefined);
    }
    if (!isSuccessCode(envelope.code)) {
      throw new GatewayError(
        response.status,
        envelope.code,
        messageForCode(envelope.code, lang, envelope.description),
        envelope.data,
      );
    }
    return { code: envelope.code, message: messageForCode(envelope.code, lang), data: envelope.data };
  }

  /** Untyped inside; GatewayCall types each call by its declaration. */
  type LooseInput = Omit<CallOptions, 'method'> & { params?: Record<string, string | number>; query?: object };
  return async function call(target: EndpointDef, input: LooseInput = {}) {
    if (isBinary(target.response)) throw new Error(`${target.method} ${target.path} answers bytes: use gatewayFetch`);
    const answer = await send(pathOf(target, input.params, input.query), {
      method: target.method,
      json: input.json,
      form: input.form,
      timeoutMs: input.timeoutMs,
      idempotencyKey: input.idempotencyKey,
    });
    return { ...answer, data: target.response.parse(answer.data) };
  } as GatewayCall;
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return undefined;
  }
}

/** A read that only enriches a page (a list to choose from): when the gateway refuses or fails, the fallback. */
export async function softRead<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GatewayError) return fallback;
    throw error;
  }
}
