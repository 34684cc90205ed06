import { ptEndpoints } from '#api/endpoints/pt.ts';
import { idParam } from '#app/payments/payment.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead, shellApart } from '#app/server/member-read.server.ts';
import { bookingQuery, freeSessionQuery } from './booking-query.ts';

// The PT pages' screen reads (issue 13, ADR 077): each page's data and the member shell in one gateway call.

/** /pt */
export const ptRead = screenRead(async (args) => shellApart((await gatewayClient(args)(ptEndpoints.screen)).data));

/** /pt/select-pt: a club's trainers. */
export const ptSelectRead = screenRead(async (args) => {
  const club = new URL(args.request.url).searchParams.get('club');
  const query = club && /^\d{1,9}$/.test(club) ? { clubId: club } : {};
  return shellApart((await gatewayClient(args)(ptEndpoints.selectScreen, { query })).data);
});

/** /pt/select-pt/plans/{ptId}/club/{clubId}: a trainer's packages at a club. */
export const ptPlansRead = screenRead(async (args) => {
  const params = { ptId: idParam(args.params.ptId), clubId: idParam(args.params.clubId) };
  return shellApart((await gatewayClient(args)(ptEndpoints.plansScreen, { params })).data);
});

/** /pt/select-pt/plans/{ptId}/plan/{ptPackageId}: one package, the same screen. */
export const ptPlanRead = screenRead(async (args) => {
  const params = { ptId: idParam(args.params.ptId), ptPackageId: idParam(args.params.ptPackageId) };
  return shellApart((await gatewayClient(args)(ptEndpoints.planScreen, { params })).data);
});

/** /pt/payment/result/{id} and /history/pt/{id} */
export const ptContractRead = screenRead(async (args) => {
  const id = idParam(args.params.ptContractId);
  const { shell, ptContract } = (await gatewayClient(args)(ptEndpoints.contractScreen, { params: { id } })).data;
  return { shell, screen: ptContract };
});

/** /pt/booking */
export const ptBookingRead = screenRead(async (args) => {
  const query = bookingQuery(new URL(args.request.url));
  return shellApart((await gatewayClient(args)(ptEndpoints.bookingScreen, { query })).data);
});

/** /pt/free-session (ADR 048) */
export const freeSessionRead = screenRead(async (args) => {
  const query = freeSessionQuery(new URL(args.request.url));
  return shellApart((await gatewayClient(args)(ptEndpoints.freeSessionScreen, { query })).data);
});

/** /pt/contract */
export const eContractsRead = screenRead(async (args) => {
  const { shell, eContracts } = (await gatewayClient(args)(ptEndpoints.eContractsScreen)).data;
  return { shell, screen: eContracts };
});

/** /pt/contract/{id}/preview and …/sign */
export const eContractRead = screenRead(async (args) => {
  const id = idParam(args.params.eContractId);
  const { shell, eContract } = (await gatewayClient(args)(ptEndpoints.eContractScreen, { params: { id } })).data;
  return { shell, screen: eContract };
});
