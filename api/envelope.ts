import type { Code } from './codes.ts';

/** The gateway's response body, success or failure (ARCHITECTURE §4). */
export type Envelope<T = unknown> = {
  code: Code;
  data?: T;
  message?: string;
  description?: { code?: Code; message?: string };
};

/** Field errors of a code-2 answer: field name → localized messages. */
export type FieldErrors = Record<string, string[]>;
