const PATTERNS = { id: /^\d{1,9}$/, date: /^\d{4}-\d{2}-\d{2}$/ };

/** A page's query (?contract=&date=, ?club=&date=) checked and renamed as the gateway's screen read wants it. */
function screenQuery(url: URL, names: Record<string, [string, keyof typeof PATTERNS]>) {
  const query: Record<string, string> = {};
  for (const [pageName, [gatewayName, kind]] of Object.entries(names)) {
    const value = url.searchParams.get(pageName);
    if (value && PATTERNS[kind].test(value)) query[gatewayName] = value;
  }
  return query;
}

/** /pt/booking: ?contract=&date= → ptContractId, date. */
export const bookingQuery = (url: URL) =>
  screenQuery(url, { contract: ['ptContractId', 'id'], date: ['date', 'date'] });

/** /pt/free-session: ?club=&date= → clubId, date. */
export const freeSessionQuery = (url: URL) => screenQuery(url, { club: ['clubId', 'id'], date: ['date', 'date'] });
