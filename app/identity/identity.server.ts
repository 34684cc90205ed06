import { data, redirect } from 'react-router';
import { Codes, messageForCode } from '#api/codes.ts';
import {
  ID_BACK_FIELD,
  ID_FRONT_FIELD,
  RECOGNITION_TYPE_FIELD,
  RecognitionTypes,
  type Identity,
} from '#api/identity.ts';
import { validationMessage } from '#api/validation-messages.ts';
import { formatDate, formatDateTime } from '#api/format.ts';
import { gatewayFieldErrors } from '#app/feedback/form-errors.server.ts';
import { GatewayError, gatewayClient, PHOTO_READING_TIMEOUT_MS } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { MAX_IMAGE_BYTES, readBoundedForm } from '#app/server/upload.server.ts';
import { identityEndpoints } from '#api/endpoints/identity.ts';

type Args = Parameters<typeof gatewayClient>[0];

export async function loadIdentity(args: Args): Promise<Identity | null> {
  return (await gatewayClient(args)(identityEndpoints.read)).data;
}

/** One line of the verified document: the label's key under account.verification, and the value or its key there. */
export type IdentityRow = { label: string; value: string; translated?: boolean };

/** What the pages show of a verification: the number masked, dates as DD/MM/YYYY (§9). */
export function identityRows(identity: Identity): IdentityRow[] {
  return [
    { label: 'documentType', value: `types.${identity.documentType}`, translated: true },
    { label: 'number', value: identity.idNumberMasked },
    { label: 'fullName', value: identity.fullName },
    { label: 'dateOfBirth', value: formatDate(identity.dateOfBirth) },
    ...(identity.sex ? [{ label: 'sex', value: identity.sex === 'MALE' ? 'male' : 'female', translated: true }] : []),
    ...(identity.address ? [{ label: 'address', value: identity.address }] : []),
    identity.expiresOn
      ? { label: 'expiresOn', value: formatDate(identity.expiresOn) }
      : { label: 'expiresOn', value: 'noExpiry', translated: true },
    { label: 'verifiedAt', value: formatDateTime(identity.verifiedAt) },
  ];
}

export type VerificationActionData = {
  /** The document chosen, kept; photos cannot be kept by a browser and are chosen again. */
  documentType: 'ID_CARD' | 'PASSPORT';
  fieldErrors: Record<string, string>;
  formError: string | null;
  /** §8 500–511: a photo problem, shown with the photo tips. */
  photoProblem: boolean;
};

const isPhotoProblem = (code: unknown) =>
  typeof code === 'number' &&
  ((code >= 500 && code <= 510) || code === Codes.FILE_TOO_LARGE || code === Codes.NOT_AN_IMAGE);

/**
 * The verification form (multipart, works without JavaScript): checks that a type and a front were
 * sent, then the gateway reads and checks the document. Success is a redirect (PRG) to the success
 * page, so a reload sends nothing twice.
 */
export async function verificationAction(args: Args) {
  const lang = getLang(args.context);
  const { formData, tooLarge } = await readBoundedForm(args.request, 2 * MAX_IMAGE_BYTES + 64 * 1024);
  const documentType =
    formData.get(RECOGNITION_TYPE_FIELD) === String(RecognitionTypes.PASSPORT) ? 'PASSPORT' : 'ID_CARD';
  const refuse = (fieldErrors: Record<string, string>, formError: string | null = null, photoProblem = false) =>
    data<VerificationActionData>({ documentType, fieldErrors, formError, photoProblem }, { status: 400 });
  if (tooLarge) return refuse({}, messageForCode(Codes.FILE_TOO_LARGE, lang), true);
  const front = formData.get(ID_FRONT_FIELD);
  const back = formData.get(ID_BACK_FIELD);
  if (!(front instanceof File) || front.size === 0)
    return refuse({ [ID_FRONT_FIELD]: validationMessage('required', lang) });

  const upload = new FormData();
  upload.set(RECOGNITION_TYPE_FIELD, String(RecognitionTypes[documentType]));
  upload.set(ID_FRONT_FIELD, front, front.name || 'front.jpg');
  if (documentType === 'ID_CARD' && back instanceof File && back.size > 0)
    upload.set(ID_BACK_FIELD, back, back.name || 'back.jpg');
  try {
    await gatewayClient(args)(identityEndpoints.recognize, { form: upload, timeoutMs: PHOTO_READING_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.code === Codes.ID_ALREADY_VERIFIED) return redirect('/account/verification/success');
    const byField = gatewayFieldErrors(error.fieldErrors);
    if (byField) return refuse(byField);
    return refuse({}, error.text, isPhotoProblem(error.code));
  }
  return redirect('/account/verification/success');
}
