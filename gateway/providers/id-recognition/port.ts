import type { Code } from '#api/codes.ts';
import type { DocumentType } from '#api/identity-fields.ts';

/** Which photo a reading is of: a card's front or back, or a passport's photo page. */
export type IdSide = 'front' | 'back';

/**
 * What a provider read off one photo (ADR 040). Every field is what the document says, not yet
 * checked against the account: the identity module's rules decide. Dates are ISO (YYYY-MM-DD).
 */
export type IdReading = {
  /** What the photo shows: an ID card, a passport, or something else (a driving licence…). */
  kind: DocumentType | 'OTHER';
  idNumber?: string;
  fullName?: string;
  dateOfBirth?: string;
  sex?: 'MALE' | 'FEMALE';
  address?: string;
  /** 'NONE' when the document says it does not expire. */
  expiresOn?: string | 'NONE';
  /** The card's issue date, where it is read (the CCCD's QR carries it). */
  issuedOn?: string;
  /** 0..1: how far the provider trusts what it read. */
  confidence: number;
  /** How it was read, kept with the verification (e.g. "fpt.ai", "sandbox-qr", "sandbox-mrz"). */
  method: string;
};

export type IdPhoto = { bytes: Buffer; side: IdSide; documentType: DocumentType };

export type IdRecognitionPort = { name: string; read(photo: IdPhoto): Promise<IdReading> };

/** A photo the provider could not read, or a provider that did not answer: one of §8's OCR codes 500–511. */
export class IdRecognitionError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = 'IdRecognitionError';
  }
}
