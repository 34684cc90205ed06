/** PostgreSQL's unique_violation, through drizzle's wrapper (DrizzleQueryError.cause) or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** PostgreSQL's exclusion_violation (an EXCLUDE constraint refused an overlap), wrapped or not. */
export function isExclusionViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}
