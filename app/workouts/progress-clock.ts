/**
 * Phones keep their own time, often minutes or hours wrong. The player stamps each event with the
 * phone's clock and sends the batch with the phone's clock at sending (`sentAt`): the difference
 * between this server's time and `sentAt` is the phone's error, removed from every event here, so a
 * phone running fast keeps its progress (the gateway refuses events dated more than 10 minutes
 * ahead, ADR 041). Without a readable `sentAt` (an older page) the events go as they are.
 */
export function onServerClock<E extends { at: string }>(events: readonly E[], sentAt: unknown, now: Date): E[] {
  const sent = typeof sentAt === 'string' ? Date.parse(sentAt) : Number.NaN;
  if (!Number.isFinite(sent)) return [...events];
  const error = sent - now.getTime();
  return events.map((event) => {
    const at = Date.parse(event.at);
    return Number.isFinite(at) ? { ...event, at: new Date(at - error).toISOString() } : event;
  });
}
