import { z } from 'zod';
import type { Code } from './codes.ts';

/**
 * One gateway operation, declared once (issue 40 §1, ADR 078): the gateway registers its handler
 * through it (gateway/http/route.ts), the OpenAPI document is generated from it
 * (gateway/http/openapi.ts) and the web server calls it through a client typed by it
 * (app/server/gateway.server.ts).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: a member's or a staff account's bearer token, anyone, or a provider's signed webhook. */
export type Auth = 'member' | 'staff' | 'optional' | 'none' | 'cassoSignature' | 'sepayApiKey';

/** An answer that is not the JSON envelope but bytes of this type (an image, a PDF). */
export type Binary = { binary: string };

export type EndpointDef = {
  method: Method;
  /** The full path, parameters in braces: `/api/v1/member/notification/{id}`. */
  path: string;
  summary: string;
  auth: Auth;
  /** The success code of the envelope (1000 for a plain read); `codes` are the other success codes it may answer. */
  success: Code;
  codes?: readonly Code[];
  /** A path parameter's pattern, where the route refuses others as unknown (404): `{ id: '[0-9a-f]{32}' }`. */
  params?: Readonly<Record<string, string>>;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** The handler reads and refuses the body itself, with its own codes (the schema is still the contract). */
  ownValidation?: true;
  /** A multipart body: its field names, the file fields among them. */
  multipart?: { files: readonly string[]; fields?: readonly string[] };
  /** The envelope's `data` as the web server reads it, or the content type of a binary answer. */
  response: z.ZodType | Binary;
  /** The answer is `response` itself, not inside the envelope: a provider's webhook contract (VNPay IPN, SePay). */
  bare?: true;
};

/** Keeps the literal types of a declaration (path, method, schemas). */
export const endpoint = <const E extends EndpointDef>(definition: E): E => definition;

/** The `data` of an answer that carries none (`ok(c)`). */
export const noData = z.undefined();

export const isBinary = (response: EndpointDef['response']): response is Binary => 'binary' in response;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** The path parameters a declaration's path names: `{ id: string | number }`. */
export type ParamsOf<E extends EndpointDef> = [ParamNames<E['path']>] extends [never]
  ? undefined
  : Record<ParamNames<E['path']>, string | number>;

export type QueryOf<E extends EndpointDef> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type ResponseOf<E extends EndpointDef> = E['response'] extends z.ZodType ? z.output<E['response']> : never;

/** `/api/v1/member/notification/{id}` with `{ id: 'a b' }` → `/api/v1/member/notification/a%20b`, plus the query. */
export function pathOf(def: EndpointDef, params?: Record<string, string | number>, query?: object): string {
  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${def.method} ${def.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
