/** The text key of a payment method (1 bank QR, 2 card, 3 cash), in the `contracts` strings part. */
export function methodKey(method: number) {
  return method === 1 ? 'contract.method.qr' : method === 2 ? 'contract.method.card' : 'contract.method.cash';
}
