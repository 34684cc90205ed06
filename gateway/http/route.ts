import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { isBinary, type EndpointDef } from '#api/endpoint.ts';
import type { AppEnv } from './context.ts';
import { validate } from './validate.ts';

type Out<E extends EndpointDef> = (E['body'] extends z.ZodType ? { json: z.output<E['body']> } : object) &
  (E['query'] extends z.ZodType ? { query: z.output<E['query']> } : object);

/** `/member/notification/{id}` → Hono's `/member/notification/:id`. */
type HonoPath<P extends string> = P extends `${infer Head}{${infer Name}}${infer Rest}`
  ? `${Head}:${Name}${HonoPath<Rest>}`
  : P;

/**
 * A handler of a declared endpoint: `c.req.valid('json')`, `c.req.valid('query')` and
 * `c.req.param(name)` are typed by the declaration.
 */
export type EndpointHandler<E extends EndpointDef> = Handler<AppEnv, HonoPath<E['path']>, { out: Out<E> }>;

/**
 * Whether each JSON answer is checked against its declaration: in tests (vitest), or with
 * CHECK_ANSWERS=true (CHECK_ANSWERS=false turns it off), so a declaration cannot say other than what the handler answers.
 */
const checkAnswers = () =>
  process.env.CHECK_ANSWERS === 'true' || (process.env.VITEST !== undefined && process.env.CHECK_ANSWERS !== 'false');

/** Every declaration registered through `route`, so a test can prove nothing is served undeclared. */
export const routedEndpoints = new Set<EndpointDef>();

/**
 * Registers the handler of one declared endpoint (ADR 078): its method and path, the validation of
 * its query and JSON body (code 2 with field errors, after the given middleware: auth first), and,
 * in tests, the check of what it answers.
 */
export function route<E extends EndpointDef>(
  app: Hono<AppEnv>,
  endpoint: E,
  ...handlers: [...MiddlewareHandler<AppEnv>[], EndpointHandler<E>]
) {
  const middleware = handlers.slice(0, -1) as MiddlewareHandler<AppEnv>[];
  const handler = handlers.at(-1) as Handler<AppEnv>;
  const validators: MiddlewareHandler<AppEnv>[] = [];
  if (endpoint.query) validators.push(validate('query', endpoint.query) as unknown as MiddlewareHandler<AppEnv>);
  if (endpoint.body && !endpoint.ownValidation)
    validators.push(validate('json', endpoint.body) as unknown as MiddlewareHandler<AppEnv>);
  const checked: Handler<AppEnv> = async (c, next) => {
    const response = await handler(c, next);
    if (checkAnswers() && response instanceof Response) await checkAnswer(endpoint, response);
    return response;
  };
  routedEndpoints.add(endpoint);
  const chain = [...middleware, ...validators, checked] as [Handler<AppEnv>];
  app.on(endpoint.method, honoPath(endpoint), ...chain);
}

/** `/media/{id}` → `/media/:id`, or `/media/:id{[0-9a-f]{32}}` where the declaration gives the parameter a pattern. */
const honoPath = (endpoint: EndpointDef) =>
  endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const pattern = endpoint.params?.[name];
    return pattern ? `:${name}{${pattern}}` : `:${name}`;
  });

/** Throws (a 500 in the test that made the call) when a success answer is not what the endpoint declares. */
async function checkAnswer(endpoint: EndpointDef, response: Response) {
  if (response.status >= 300) return;
  const where = `${endpoint.method} ${endpoint.path}`;
  const type = response.headers.get('content-type') ?? '';
  if (isBinary(endpoint.response)) {
    const declared = endpoint.response.binary.split(',').map((t) => t.trim());
    if (response.status === 200 && !declared.some((t) => type.startsWith(t)))
      fail(where, `answered ${type}, declared ${endpoint.response.binary}`);
    return;
  }
  if (!type.startsWith('application/json')) fail(where, `answered ${type}, declared JSON`);
  const body = (await response.clone().json()) as { code?: unknown; data?: unknown };
  if (endpoint.bare) {
    const bare = endpoint.response.safeParse(body);
    if (!bare.success) fail(where, `answered unlike its declaration: ${JSON.stringify(bare.error.issues)}`);
    return;
  }
  const codes: unknown[] = [endpoint.success, ...(endpoint.codes ?? [])];
  if (!codes.includes(body.code)) fail(where, `answered code ${String(body.code)}, declared ${codes.join(', ')}`);
  const parsed = endpoint.response.safeParse(body.data);
  if (!parsed.success) fail(where, `answered data unlike its declaration: ${JSON.stringify(parsed.error.issues)}`);
}

function fail(where: string, what: string): never {
  const message = `${where} ${what}`;
  console.error(message);
  throw new Error(message);
}
