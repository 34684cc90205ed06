import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { isId } from '#api/clubs.ts';
import { Codes } from '#api/codes.ts';
import { ApiError, notFound, validationError } from './errors.ts';

type Target = 'json' | 'query' | 'param' | 'form';

/** Validates one part of the request; a failure is code 2 with field errors, never a 500. */
export const validate = <T extends Target, S extends z.ZodType>(target: T, schema: S) =>
  zValidator(target, schema, (result, c) => {
    const lang = (c as unknown as Context<AppEnv>).get('lang');
    if (!result.success) throw validationError(result.error as unknown as z.ZodError, lang);
  });

/** A database id from the path. Malformed ids answer like unknown ones (404), never a 500 or a hint. */
export function idParam(c: Context<AppEnv>, name: string, refuse: () => ApiError = notFound) {
  const value = c.req.param(name);
  if (!value || !isId(value)) throw refuse();
  return Number(value);
}

/** A posted form; a body that is not one (broken multipart, no boundary) is code 2, never a 500. */
export async function readForm(c: Context<AppEnv>) {
  try {
    return await c.req.parseBody();
  } catch {
    throw new ApiError(400, Codes.VALIDATION);
  }
}
