import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { Codes, type Code, type Lang } from '#api/codes.ts';
import type { FieldErrors } from '#api/envelope.ts';
import { validationMessage } from '#api/validation.ts';

/** A failure the gateway answers on purpose: an HTTP status and a §8 code. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: Code,
    readonly data?: unknown,
    readonly description?: { code?: Code; message?: string },
  ) {
    super(`API error ${String(code)}`);
    this.name = 'ApiError';
  }
}

export const notFound = () => new ApiError(404, Codes.NOT_FOUND);

/** A zod failure as code 2 with localized field errors (the field "" holds form-level ones). */
export function validationError(error: z.ZodError, lang: Lang): ApiError {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    (fieldErrors[field] ??= []).push(validationMessage(issue.message, lang));
  }
  return new ApiError(400, Codes.VALIDATION, { fieldErrors });
}
