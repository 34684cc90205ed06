/** The freeze screen's query: which membership, and the member's choice so far (kept in the URL so a preview is a plain GET form). */
export function freezeQuery(url: URL) {
  const contract = url.searchParams.get('contract') ?? '';
  const days = url.searchParams.get('days') ?? '';
  const start = url.searchParams.get('start') ?? '';
  return {
    // Without one, the member's current membership (the home card's).
    contractId: /^[1-9]\d{0,8}$/.test(contract) ? contract : 'current',
    days: /^\d{1,3}$/.test(days) ? days : '',
    start: /^\d{4}-\d{2}-\d{2}$/.test(start) ? start : '',
  };
}
