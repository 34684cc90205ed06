// Issue 10 §5: a member paying from the phone that shows the QR cannot scan it. VietQR's app deep
// links (https://www.vietqr.io/deeplink) open the member's banking app with the transfer filled in:
//   https://dl.vietqr.io/pay?app={appId}&am={amount}&tn={memo}&ba={account}@{bankcode}&bn={name}&url={return}
// `app` is the banking APP's id (not the receiving bank's code); `ba` keeps its '@' and a lower-case
// bank code; `url` (absolute, where to come back to) is kept as it is; the rest is query-encoded.

/** Banking apps with a VietQR deep link; `autofill`: the app fills in amount and memo itself (vietqr.io changelog 2.12–2.18). */
export const bankApps = [
  { appId: 'mb', name: 'MB Bank', autofill: true },
  { appId: 'icb', name: 'VietinBank iPay', autofill: true },
  { appId: 'bidv', name: 'BIDV SmartBanking', autofill: true },
  { appId: 'acb', name: 'ACB ONE', autofill: true },
  { appId: 'ocb', name: 'OCB OMNI', autofill: true },
  { appId: 'vcb', name: 'Vietcombank', autofill: false },
  { appId: 'tcb', name: 'Techcombank', autofill: false },
] as const;

export type TransferFacts = {
  accountNumber: string;
  /** The receiving bank's VietQR code, e.g. VCB. */
  bankCode: string;
  accountName: string;
  /** VND, whole number. */
  amount: number;
  memo: string;
  /** Absolute URL of the payment page, where the app sends the member back. */
  returnUrl: string;
};

/** Query encoding as the deep-link service reads it: spaces as '+'. */
const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

export function bankAppLink(appId: string, facts: TransferFacts) {
  const account = facts.accountNumber.replace(/\s/g, '');
  if (!/^[A-Za-z0-9]{1,19}$/.test(account) || !/^[A-Za-z0-9]+$/.test(facts.bankCode))
    throw new Error('not a bank account VietQR can name');
  if (!/^https?:\/\//.test(facts.returnUrl)) throw new Error('the return URL must be absolute');
  return (
    `https://dl.vietqr.io/pay?app=${encode(appId)}&am=${String(Math.round(facts.amount))}&tn=${encode(facts.memo)}` +
    `&ba=${account}@${facts.bankCode.toLowerCase()}&bn=${encode(facts.accountName)}&url=${facts.returnUrl}`
  );
}

/** Every app's link for one transfer, the ones that fill in everything first. */
export const bankAppLinks = (facts: TransferFacts) =>
  bankApps.map((app) => ({
    appId: app.appId,
    name: app.name,
    autofill: app.autofill,
    href: bankAppLink(app.appId, facts),
  }));
