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

/** PostgreSQL's deadlock_detected: the server broke a lock cycle by aborting this transaction. */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}

/**
 * Runs a whole transaction again when PostgreSQL aborted it to break a deadlock, up to `attempts`
 * runs in all. Two inserts racing under an exclusion constraint each wait for the other's row, and
 * one of them is aborted with 40P01 instead of 23P01: run again, it sees the winner's committed row
 * and gets the constraint's own answer (456), or books if the winner rolled back.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await transaction();
    } catch (error) {
      if (run >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
