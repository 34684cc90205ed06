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
