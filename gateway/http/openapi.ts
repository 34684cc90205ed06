import { z } from 'zod';
import { Codes, type Code } from '#contract/codes.ts';
import { isBinary, noData, type Auth, type EndpointDef } from '#contract/endpoint.ts';
import { allEndpoints } from '#contract/endpoints/index.ts';
import { payContractBody } from '#contract/membership.ts';
import { eContractSignBody, ptBookingBody } from '#contract/pt.ts';

type Operation = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  auth: boolean;
  /** Server-to-server webhooks: authenticated by the provider's signature or key instead of a bearer token (401 code 552 without it). */
  webhook?: 'cassoSignature' | 'sepayApiKey';
  success: Code;
  body?: z.ZodType;
  multipart?: string;
  /** Answers raw bytes of this type instead of the JSON envelope. */
  binary?: string;
};

/** Every operation of the contract this gateway serves; a test checks each one is routed. */
export const operations: Operation[] = [
  {
    method: 'get',
    path: '/api/v1/global/pt-packages',
    summary:
      'PT packages on sale at every active club: sessions, validity in days, price, price a session, silver (ADR 044)',
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/club/{clubId}/pt-packages',
    summary: "An active club's PT packages in display order (404 unknown or closed club)",
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/global/club/{clubId}/pts',
    summary:
      "The trainers working at an active club, best rated first, with profile, rating and their week's hours there (weekday 1–7, minutes after 00:00 Vietnam time)",
    auth: false,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/general/pt-contract/clubs',
    summary:
      "The active clubs that sell PT (a package and a trainer), each with the caller's access: OK, NO_MEMBERSHIP or FROZEN (ADR 045)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-contracts',
    summary:
      "The caller's PT contracts, newest first (?status=REGISTER|WAITPTCONFIRM|WAITFORPAYMENT|FUTURE|CURRENT|PAST, ?ptContractId=, ?isNotSilverPtContract=true)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-package/{ptPackageId}/pt/{ptId}/register',
    summary:
      'Register a PT package with a trainer of its club → 1029 {ptContractId, existing} (453 another unpaid; 163 no membership opens the club; PT_FROZEN)',
    auth: true,
    success: Codes.PT_SIGNUP_AWAITING_CONFIRM,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-contract/{ptContractId}/transaction/waiting-for-payment',
    summary: 'One PT contract with its payment attempt (the open one or the one that paid it), receipt and timeline',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-contract/{ptContractId}/transaction/pay',
    summary: 'Pay a PT contract the trainer accepted (the same method again answers the open attempt)',
    auth: true,
    success: Codes.PURCHASE_REQUEST_CREATED,
    body: payContractBody,
  },
  {
    method: 'put',
    path: '/api/v1/member/pt-contract/{ptContractId}/cancel',
    summary: 'Withdraw an unpaid PT contract',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-contract/{ptContractId}/booking',
    summary:
      "Book a session with the contract's trainer → 1033. Body {afterMinute, date?}: the start as minutes after 00:00 Asia/Ho_Chi_Minh of date (YYYY-MM-DD, default today); on the half hour, ≥ 2 h ahead, ≤ 14 days, inside the trainer's hours and the validity (164); 163 no usable package; PT_CONTRACT_UNSIGNED its e-contract not signed yet (ADR 064); 165 an earlier session not done; 166 one a day; 456 the trainer is taken (ADR 046)",
    auth: true,
    success: Codes.BOOKING_AWAITING_PT,
    body: ptBookingBody,
  },
  {
    method: 'get',
    path: '/api/v1/member/booking/history',
    summary: "The caller's PT bookings, newest first (?clubId)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/booking/current',
    summary: "The caller's upcoming PT bookings (waiting or confirmed), soonest first",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/booking/{bookingId}/cancel',
    summary:
      'Cancel a booking the trainer has not confirmed → 1035 (458 once confirmed); the session goes back to the package',
    auth: true,
    success: Codes.BOOKING_CANCELLED,
  },
  {
    method: 'put',
    path: '/api/v1/member/booking/{bookingId}/rating',
    summary: 'Rate a completed session 1–5 → 1128 (459 not completed, 460 already rated)',
    auth: true,
    success: Codes.RATING_SUBMITTED,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-booking',
    summary:
      'The /pt/booking screen: usable contracts, the bookable days, the free starts of ?date for ?ptContractId, the bookings',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/club/{clubId}/free-sessions/info',
    summary:
      "The caller's free (trial) sessions at the club, the next to book, its bookable days and the starts of ?date at which a trainer is free (ADR 048)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/free-session/{freeSessionId}/booking',
    summary:
      'Book a free session {date?, afterMinute: minutes after 00:00 Asia/Ho_Chi_Minh}; the least booked free trainer gets it (167 another in the works, 164, 166, 456)',
    auth: true,
    success: Codes.BOOKING_AWAITING_PT,
  },
  {
    method: 'get',
    path: '/api/v1/member/free-sessions/history',
    summary: "The caller's trial-session bookings (?clubId), newest first",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/free-sessions/summary',
    summary:
      "The caller's free PT sessions left to book (the soonest window's last day) and the trial in the works, if any",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/free-session/current',
    summary: "The caller's trial session in the works (waiting or booked), if any",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/free-session/{freeSessionId}/cancel',
    summary: 'Cancel the trial request the trainer has not confirmed (458 after)',
    auth: true,
    success: Codes.BOOKING_CANCELLED,
  },
  {
    method: 'put',
    path: '/api/v1/member/free-session/{freeSessionId}/accept',
    summary: "Accept the club's proposed time (WAITCUSCONFIRM → BOOKED)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/member/free-session/{freeSessionId}/reject',
    summary: "Reject the club's proposed time (the free session can be booked again)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/club/{clubId}/sessions/count',
    summary: 'PT sessions left in usable packages and free sessions left at the club',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/free-session',
    summary: 'The /pt/free-session screen: the clubs with free sessions and the info of ?clubId (?date)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/confirm',
    summary: "The booking's trainer confirms it (BOOKED)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/reject',
    summary: "The booking's trainer declines it (REJECTED; the session back to the package)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/complete',
    summary: 'The trainer marks a started, confirmed session completed (the member may rate it)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-booking/{id}/no-show',
    summary:
      "The booking's trainer marks a started, confirmed session missed (NO_SHOW): the session stays used, the member is told (ADR 051)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-e-contracts',
    summary:
      "The caller's PT e-contracts (one per paid PT contract), newest first, with their text, SHA-256 and status",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-e-contract/{id}',
    summary:
      'One e-contract: the document exactly as it is signed (title, sections), its SHA-256, UNSIGNED or SIGNED (ADR 047)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-e-contract/{id}/otp',
    summary: "Send the signing code by SMS to the member's own phone (the OTP rules and limits) → 1001",
    auth: true,
    success: Codes.OTP_SENT,
  },
  {
    method: 'post',
    path: '/api/v1/member/pt-e-contract/{id}/sign',
    summary:
      'Sign → 1053: {documentSha256 (as shown; 409 if not this document; E_CONTRACT_NAME_MISSING 409 while the profile has no full name, ADR 064), otp, fullName, signaturePng? (base64 PNG, decoded and re-encoded; without it the typed name is the mark)}; the PDF is made and sealed (PAdES); a repeat answers the signed one',
    auth: true,
    success: Codes.CONTRACT_SIGNED,
    body: eContractSignBody,
  },
  {
    method: 'get',
    path: '/api/v1/member/pt-e-contract/{id}/pdf',
    summary: 'The sealed PDF of a signed e-contract (its owner only)',
    auth: true,
    success: Codes.OK,
    binary: 'application/pdf',
  },
  {
    method: 'post',
    path: '/api/v1/global/e-contract/verify',
    summary:
      'Whether a PDF (multipart field "file", ≤ 5 MB) is an e-contract we sealed, unchanged: {valid, sealValid, reason, eContractId, signedAt}',
    auth: false,
    success: Codes.OK,
    multipart: 'file',
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-e-contracts',
    summary: 'The /pt/contract screen: the shell and the e-contracts',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-e-contract/{id}',
    summary: 'The /pt/contract/{id}/preview and …/sign screens: the shell and the e-contract',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt',
    summary: 'The /pt screen in one read: the shell and the PT contracts',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-select',
    summary:
      'The /pt/select-pt screen: the shell, the PT clubs with access, the chosen (?clubId=) or first usable club and its trainers',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-plan/{ptId}/plan/{ptPackageId}',
    summary:
      "One package of the trainer's club with the trainer, the club and the member's unpaid PT contract (the plans screen, one package)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-plans/{ptId}/club/{clubId}',
    summary:
      "A trainer's packages at a club with the club's access and the unpaid PT contract, if any (404 unknown trainer or club)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/member/screens/pt-contract/{id}',
    summary: "A PT contract's result and history screens: the shell and the contract's detail",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/staff/pt/bookings',
    summary:
      "A trainer's sessions holding their time, soonest first, with each client's name, phone, package and sessions left; ?from=&to= Vietnam days (at most 31), else today on; a range with today in it also lists the confirmed sessions of the 30 days before today never marked completed or missed, first, with notClosed: true (ADR 051) (PT accounts only)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'get',
    path: '/api/v1/staff/pt/requests',
    summary: "A trainer's PT contracts waiting for an answer, oldest first (PT accounts only)",
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-contract/{id}/accept',
    summary: 'The chosen trainer accepts a PT contract: the member may pay (another trainer: 404)',
    auth: true,
    success: Codes.OK,
  },
  {
    method: 'put',
    path: '/api/v1/staff/pt-contract/{id}/reject',
    summary: 'The chosen trainer turns a PT contract down: it closes unpaid and the member is told',
    auth: true,
    success: Codes.OK,
  },
];

const envelope = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
    message: { type: 'string' },
    data: {},
    description: { type: 'object', properties: { code: {}, message: { type: 'string' } } },
  },
};

/** A zod schema as JSON Schema: the JSON it accepts (its input side), without the dialect line. */
function jsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** The envelope of a success answer, its `data` as declared; an answer without data has none. */
function successEnvelope(endpoint: EndpointDef, response: z.ZodType) {
  const codes = [endpoint.success, ...(endpoint.codes ?? [])];
  const { data: _data, ...properties } = envelope.properties;
  return {
    ...envelope,
    properties: {
      ...properties,
      code: { enum: codes },
      ...(response === noData ? {} : { data: jsonSchema(response) }),
    },
  };
}

const security = (auth: Auth) =>
  auth === 'member' || auth === 'staff'
    ? [{ bearer: [] }]
    : auth === 'optional'
      ? [{}, { bearer: [] }]
      : auth === 'none'
        ? []
        : [{ [auth]: [] }];

/** One operation of the document, generated from its declaration. */
function operationOf(endpoint: EndpointDef) {
  const requestBody = endpoint.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } }
    : endpoint.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: Object.fromEntries([
                  ...(endpoint.multipart.fields ?? []).map((name) => [name, { type: 'string' }]),
                  ...endpoint.multipart.files.map((name) => [name, { type: 'string', format: 'binary' }]),
                ]),
              },
            },
          },
        }
      : undefined;
  const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', ...(endpoint.params?.[name] ? { pattern: `^${endpoint.params[name]}$` } : {}) },
  }));
  const query = endpoint.query ? (jsonSchema(endpoint.query) as { properties?: object; required?: string[] }) : {};
  const queryParameters = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  const parameters = [...pathParameters, ...queryParameters];
  const { response } = endpoint;
  return {
    summary: endpoint.summary,
    security: security(endpoint.auth),
    ...(parameters.length ? { parameters } : {}),
    requestBody,
    responses: {
      200: isBinary(response)
        ? {
            description: 'the file',
            content: Object.fromEntries(
              response.binary.split(',').map((type) => [type.trim(), { schema: { type: 'string', format: 'binary' } }]),
            ),
          }
        : {
            description: `code ${[endpoint.success, ...(endpoint.codes ?? [])].join(', ')}`,
            content: {
              'application/json': {
                schema: endpoint.bare ? jsonSchema(response) : successEnvelope(endpoint, response),
              },
            },
          },
      default: { description: 'failure with a §8 code', content: { 'application/json': { schema: envelope } } },
    },
  };
}

/** The OpenAPI 3.1 document of every declared operation, with its request and response shapes. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints)
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint);
  for (const op of operations) {
    if (paths[op.path]?.[op.method]) continue;
    const requestBody = op.body
      ? {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }) } },
        }
      : op.multipart
        ? {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { [op.multipart]: { type: 'string', format: 'binary' } } },
              },
            },
          }
        : undefined;
    const parameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      security: op.auth ? [{ bearer: [] }] : op.webhook ? [{ [op.webhook]: [] }] : [],
      ...(parameters.length ? { parameters } : {}),
      requestBody,
      responses: {
        200: op.binary
          ? { description: 'the file', content: { [op.binary]: { schema: { type: 'string', format: 'binary' } } } }
          : { description: `code ${String(op.success)}`, content: { 'application/json': { schema: envelope } } },
        default: { description: 'failure with a §8 code', content: { 'application/json': { schema: envelope } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gym member gateway', version: '1' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cassoSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Casso-Signature',
          description: 't=<ms>,v1=<hex HMAC-SHA512(secret, t + "." + body JSON with sorted keys)>',
        },
        sepayApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Apikey <BANK_WEBHOOK_SECRET>',
        },
      },
    },
    paths,
  };
}
