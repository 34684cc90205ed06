import { z } from 'zod';
import { memberShellSchema } from '#contract/auth.ts';
import {
  eContractSchema,
  freeSessionScreenSchema,
  ptBookingScreenSchema,
  ptContractScreenSchema,
  ptPlansScreenSchema,
  ptScreenSchema,
  ptSelectScreenSchema,
} from '#contract/pt.ts';
import { idParam } from '#app/payments/payment.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead, shellApart } from '#app/server/member-read.server.ts';
import { bookingQuery, freeSessionQuery } from './booking-query.ts';

// The PT pages' screen reads (issue 13, ADR 077): each page's data and the member shell in one gateway call.

const withShell = { shell: memberShellSchema };
const ptReadSchema = ptScreenSchema.extend(withShell);
const ptSelectReadSchema = ptSelectScreenSchema.extend(withShell);
const ptPlansReadSchema = ptPlansScreenSchema.extend(withShell);
const ptContractReadSchema = ptContractScreenSchema.extend(withShell);
const ptBookingReadSchema = ptBookingScreenSchema.extend(withShell);
const freeSessionReadSchema = freeSessionScreenSchema.extend(withShell);
const eContractsReadSchema = z.object({ ...withShell, eContracts: z.array(eContractSchema) });
const eContractReadSchema = z.object({ ...withShell, eContract: eContractSchema });

/** /pt */
export const ptRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)('/api/v1/member/screens/pt', ptReadSchema)).data),
);

/** /pt/select-pt: a club's trainers. */
export const ptSelectRead = screenRead(async (args) => {
  const club = new URL(args.request.url).searchParams.get('club');
  const query = club && /^\d{1,9}$/.test(club) ? `?clubId=${club}` : '';
  return shellApart((await gatewayClient(args)(`/api/v1/member/screens/pt-select${query}`, ptSelectReadSchema)).data);
});

/** /pt/select-pt/plans/{ptId}/club/{clubId}: a trainer's packages at a club. */
export const ptPlansRead = screenRead(async (args) => {
  const path = `pt-plans/${String(idParam(args.params.ptId))}/club/${String(idParam(args.params.clubId))}`;
  return shellApart((await gatewayClient(args)(`/api/v1/member/screens/${path}`, ptPlansReadSchema)).data);
});

/** /pt/select-pt/plans/{ptId}/plan/{ptPackageId}: one package, the same screen. */
export const ptPlanRead = screenRead(async (args) => {
  const path = `pt-plan/${String(idParam(args.params.ptId))}/plan/${String(idParam(args.params.ptPackageId))}`;
  return shellApart((await gatewayClient(args)(`/api/v1/member/screens/${path}`, ptPlansReadSchema)).data);
});

/** /pt/payment/result/{id} and /history/pt/{id} */
export const ptContractRead = screenRead(async (args) => {
  const id = idParam(args.params.ptContractId);
  const { shell, ptContract } = (
    await gatewayClient(args)(`/api/v1/member/screens/pt-contract/${String(id)}`, ptContractReadSchema)
  ).data;
  return { shell, screen: ptContract };
});

/** /pt/booking */
export const ptBookingRead = screenRead(async (args) => {
  const query = bookingQuery(new URL(args.request.url));
  return shellApart(
    (await gatewayClient(args)(`/api/v1/member/screens/pt-booking${query ? `?${query}` : ''}`, ptBookingReadSchema))
      .data,
  );
});

/** /pt/free-session (ADR 048) */
export const freeSessionRead = screenRead(async (args) => {
  const query = freeSessionQuery(new URL(args.request.url));
  return shellApart(
    (await gatewayClient(args)(`/api/v1/member/screens/free-session${query ? `?${query}` : ''}`, freeSessionReadSchema))
      .data,
  );
});

/** /pt/contract */
export const eContractsRead = screenRead(async (args) => {
  const { shell, eContracts } = (
    await gatewayClient(args)('/api/v1/member/screens/pt-e-contracts', eContractsReadSchema)
  ).data;
  return { shell, screen: eContracts };
});

/** /pt/contract/{id}/preview and …/sign */
export const eContractRead = screenRead(async (args) => {
  const id = idParam(args.params.eContractId);
  const { shell, eContract } = (
    await gatewayClient(args)(`/api/v1/member/screens/pt-e-contract/${String(id)}`, eContractReadSchema)
  ).data;
  return { shell, screen: eContract };
});
