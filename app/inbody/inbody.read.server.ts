import { inbodyEndpoints } from '#api/endpoints/inbody.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead, shellApart } from '#app/server/member-read.server.ts';

// The InBody page's screen read (ADR 077): the records and the member shell in one gateway call.

/** /inbody */
export const inbodyRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)(inbodyEndpoints.screen)).data),
);
