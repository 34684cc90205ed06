/** /pt/booking's query as the page names it (?contract=&date=), checked and named as the gateway's screen read wants it. */
export function bookingQuery(url: URL) {
  const query = new URLSearchParams();
  const contract = url.searchParams.get('contract');
  const date = url.searchParams.get('date');
  if (contract && /^\d{1,9}$/.test(contract)) query.set('ptContractId', contract);
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) query.set('date', date);
  return query.toString();
}
