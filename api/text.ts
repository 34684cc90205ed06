// PostgreSQL stores neither NUL (U+0000) in text/jsonb nor, faithfully, a lone UTF-16 surrogate
// (drivers turn it into U+FFFD). Both are refused at the edge (ADR 018), never left to the database.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
// eslint-disable-next-line no-control-regex -- as above
const UNSTORABLE_ALL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/** True when PostgreSQL can keep this text exactly as given. */
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

/** The first string inside a parsed body (keys included) that PostgreSQL cannot store: its dotted path, or undefined. */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.');
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, ''].join('.');
      const found = findUnstorableText(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The same value with NUL dropped and lone surrogates made U+FFFD: for signed provider data that must be kept. */
export function stripUnstorableText<T>(value: T): T {
  if (typeof value === 'string') return value.replace(UNSTORABLE_ALL, (m) => (m === '\u0000' ? '' : '\uFFFD')) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => stripUnstorableText(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [stripUnstorableText(key), stripUnstorableText(item)]),
    ) as T;
  }
  return value;
}
