/** How many rounds a server's warm-up runs at a time, on the web server and the gateway alike (ADR 088). */
export const WARM_UP_LANES = 8;

/**
 * Runs `round` `rounds` times over, at most `lanes` at a time (ADR 088: a replica's first seconds
 * bring many requests at once, so the warm-up grows the heap and the connection pools as they will
 * be), starting no further round once `stop()` says so.
 */
export async function inLanes(
  { rounds, lanes }: { rounds: number; lanes: number },
  round: () => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let started = 0;
  const lane = async () => {
    while (started < rounds && !stop()) {
      started++;
      await round();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, rounds)) }, lane));
}
