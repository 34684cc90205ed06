import { workoutEndpoints } from '#api/endpoints/workouts.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead, shellApart } from '#app/server/member-read.server.ts';
import { idOf } from './workouts.server.ts';

// The workout pages' screen reads (ADR 077): each page's data and the member shell in one gateway call.

/** /workout */
export const workoutRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)(workoutEndpoints.screen)).data),
);

/** /workout/type/{id} */
export const workoutTypeRead = screenRead(async (args) => {
  const typeId = idOf(args.params.workoutTypeId);
  return shellApart((await gatewayClient(args)(workoutEndpoints.typeScreen, { params: { typeId } })).data);
});

/** /workout/newbie: the beginner programme, as a type. */
export const programmeRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)(workoutEndpoints.programmeScreen)).data),
);

/** /workout/type/{id}/lesson/{id} and its player …/exercise/{id} */
export const lessonRead = screenRead(async (args) => {
  const lessonId = idOf(args.params.lessonId);
  return shellApart((await gatewayClient(args)(workoutEndpoints.lessonScreen, { params: { lessonId } })).data);
});
