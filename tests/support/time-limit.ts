/**
 * ADR 114: on CI the suites share the runner's two cores, and that runner has taken twice a quiet
 * machine's time for the same run (stop 57: journeys 2,105 s against 973 s). Time limits are written
 * for a quiet machine and doubled there.
 */
export const CI_SLOWDOWN = process.env.CI ? 2 : 1;

/** The time limit for a test (or hook) that needs up to `ms` on a quiet machine: twice that on CI. */
export const timeLimit = (ms: number) => ms * CI_SLOWDOWN;
