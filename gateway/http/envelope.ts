import type { Context } from 'hono';
import { Codes, messageForCode, type Code } from '#api/codes.ts';
import type { AppEnv } from './context.ts';

/** A success answer: a 4-digit code (1000 for a plain read) with its message. */
export function ok<T>(c: Context<AppEnv>, data?: T, code: Code = Codes.OK) {
  return c.json({ code, message: messageForCode(code, c.get('lang')), data }, 200);
}

/** Public reads that change rarely (clubs, content pages, PT packages and trainers): anyone may keep them five minutes. */
export const PUBLIC_CACHE = 'public, max-age=300';
export const publicCache = (c: Context<AppEnv>) => c.header('cache-control', PUBLIC_CACHE);
