import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import type { Lang } from '#api/codes.ts';
import { isValidationMessageKey, validationMessage } from '#api/validation-messages.ts';

/**
 * The posted form of an action. A body that is not a form (none, JSON, text, broken multipart)
 * is the client's fault: 400 through the localized error page, never a 500 (ADR 018).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ notAForm: true }, { status: 400 });
  }
}

/**
 * The posted form read as the fields a schema names (a button's intent and the fields it needs).
 * Anything else was not sent by our pages: 400, never a gateway call.
 */
export async function readFormAs<T>(
  request: Request,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): Promise<T> {
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  return parsed.data;
}

/**
 * A refusal as the member reads it: a schema issue is a message key of api/validation.ts (§5),
 * turned into its text here; a gateway error is already text. Actions send texts only, so the
 * browser never loads the messages of every form (issue 18).
 */
export function errorText(error: string, lang: Lang): string {
  return isValidationMessageKey(error) ? validationMessage(error, lang) : error;
}

/** conform's reply with every error as text (errorText): what a form's action returns. */
export function localizedReply(reply: SubmissionResult<string[]>, lang: Lang): SubmissionResult<string[]> {
  if (!reply.error) return reply;
  const error = Object.fromEntries(
    Object.entries(reply.error).map(([name, errors]) => [
      name,
      errors ? errors.map((e) => errorText(e, lang)) : errors,
    ]),
  );
  return { ...reply, error };
}
