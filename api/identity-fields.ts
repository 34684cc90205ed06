// Issue 16 §3 (ADR 040): the ID verification form's names and choices, without zod so the browser may import them.

/** §3 ID scan: recognitionType 1 = ID card (CCCD or the 2024 "CĂN CƯỚC"), 2 = passport. */
export const RecognitionTypes = { ID_CARD: 1, PASSPORT: 2 } as const;
export type RecognitionType = (typeof RecognitionTypes)[keyof typeof RecognitionTypes];
export type DocumentType = keyof typeof RecognitionTypes;

export const RECOGNITION_TYPE_FIELD = 'recognitionType';
/** The card's front, or the passport's photo page. */
export const ID_FRONT_FIELD = 'front';
/** The card's back (the 2024 card prints its address and expiry there); not sent for a passport. */
export const ID_BACK_FIELD = 'back';

/** The longest side the gateway reads: the browser shrinks a photo to this before sending it. */
export const ID_PHOTO_SIDE = 2000;
