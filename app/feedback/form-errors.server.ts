import type { z } from 'zod';
import type { Lang } from '#api/codes.ts';
import type { FieldErrors } from '#api/envelope.ts';
import { validationMessage } from '#api/validation-messages.ts';

// The feedback, report and rating forms show one message per field: §5's, or the gateway's.

/** A schema's issues as the first message of each field, in the page's language. */
export function issuesByField(error: z.ZodError, lang: Lang): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) byField[String(issue.path[0])] ??= validationMessage(issue.message, lang);
  return byField;
}

/** The gateway's field errors (already localized) as the first of each field; null when it named none. */
export function gatewayFieldErrors(fieldErrors: FieldErrors | undefined): Record<string, string> | null {
  if (!fieldErrors || Object.keys(fieldErrors).length === 0) return null;
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages[0] ?? '']));
}
