import { data } from 'react-router';

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
export async function readFormAs<T>(request: Request, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): Promise<T> {
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  return parsed.data;
}
