import { z } from 'zod';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import {
  favoriteLessonSchema,
  lessonDetailSchema,
  workoutLessonScreenSchema,
  workoutProgressBody,
  workoutProgressSchema,
  workoutScreenSchema,
  workoutTypeDetailSchema,
  workoutTypeScreenSchema,
  workoutTypeSummarySchema,
} from '../workouts.ts';

/** Guided workouts (issue 15, ADR 041): the public content and drawings, a member's favourites and progress, the workout screens. */
export const workoutEndpoints = {
  tutorials: endpoint({
    method: 'GET',
    path: '/api/v1/general/workout-tutorials',
    summary:
      'Guided workouts (ADR 041): the body-part types, then the beginner programme, each with its lesson count and a cover drawing; public, cached an hour',
    auth: 'none',
    success: Codes.OK,
    response: z.array(workoutTypeSummarySchema),
  }),
  type: endpoint({
    method: 'GET',
    path: '/api/v1/general/workout-types/{typeId}',
    summary:
      'A workout type and its lessons (level, minutes, equipment, exercise counts; week and session in the programme)',
    auth: 'none',
    success: Codes.OK,
    response: workoutTypeDetailSchema,
  }),
  lesson: endpoint({
    method: 'GET',
    path: '/api/v1/general/workout-lessons/{lessonId}',
    summary:
      'A lesson with its warm-up, main and cool-down blocks: each mapping (sets, reps or seconds, rest, tempo) with its exercise (vi/en name, primer, steps; drawings)',
    auth: 'none',
    success: Codes.OK,
    response: lessonDetailSchema,
  }),
  drawing: endpoint({
    method: 'GET',
    path: '/api/v1/general/workout-drawings/{hash}/{file}',
    summary:
      'An exercise drawing (SVG) by the URL the lessons give: the hash of its content is in the path, so it is cached for good (immutable, strong ETag); anything else is 404',
    auth: 'none',
    success: Codes.OK,
    params: { file: '[a-z0-9-]+\\.svg' },
    response: { binary: 'image/svg+xml' },
  }),
  favorites: endpoint({
    method: 'GET',
    path: '/api/v1/member/workout/favorites',
    summary:
      "The member's favourite lessons, newest first; an empty list is [] with code 1000 (the web shows 752's text)",
    auth: 'member',
    success: Codes.OK,
    response: z.array(favoriteLessonSchema),
  }),
  addFavorite: endpoint({
    method: 'POST',
    path: '/api/v1/member/workout/favorites/{lessonId}',
    summary: 'Add a lesson to the favourites: 1118; 753 (409) when it already is one; 404 for an unknown lesson',
    auth: 'member',
    success: Codes.FAVORITE_ADDED,
    response: favoriteLessonSchema,
  }),
  removeFavorite: endpoint({
    method: 'DELETE',
    path: '/api/v1/member/workout/favorites/{lessonId}',
    summary: "Remove a favourite lesson: 1119; 404 when it is not one of the caller's",
    auth: 'member',
    success: Codes.FAVORITE_REMOVED,
    response: z.object({ lessonId: z.number() }),
  }),
  progress: endpoint({
    method: 'GET',
    path: '/api/v1/member/workout/progress',
    summary:
      "The member's lessons started or completed: mappings done in the unfinished run, times completed, last completion; and the run touched last",
    auth: 'member',
    success: Codes.OK,
    response: workoutProgressSchema,
  }),
  recordProgress: endpoint({
    method: 'POST',
    path: '/api/v1/member/workout/progress',
    summary:
      'Sync events made on the phone (≤ 200; uuid ids; at most 30 days old): applied once each whatever the order or repeats, in one transaction; answers the progress as GET (ADR 041)',
    auth: 'member',
    success: Codes.OK,
    body: workoutProgressBody,
    response: workoutProgressSchema,
  }),
  screen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/workout',
    summary:
      '/workout and /workout/newbie in one read (issue 18): the shell, the workout types, the favourites, the progress and the name of the lesson to continue',
    auth: 'member',
    success: Codes.OK,
    response: workoutScreenSchema,
  }),
  typeScreen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/workout-type/{typeId}',
    summary: "/workout/type/{id} in one read: the shell, the type's lessons and the progress",
    auth: 'member',
    success: Codes.OK,
    response: workoutTypeScreenSchema,
  }),
  programmeScreen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/workout-programme',
    summary:
      '/workout/newbie in one read: the shell, the beginner programme as a type with its lessons, and the progress',
    auth: 'member',
    success: Codes.OK,
    response: workoutTypeScreenSchema,
  }),
  lessonScreen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/workout-lesson/{lessonId}',
    summary:
      "A lesson page and its player in one read: the shell, the lesson, whether it is a favourite and this lesson's progress",
    auth: 'member',
    success: Codes.OK,
    response: workoutLessonScreenSchema,
  }),
};
