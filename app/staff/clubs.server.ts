import { generalEndpoints } from '#api/endpoints/general.ts';
import type { staffGateway } from './staff-session.server.ts';

export type DeskClub = { id: number; nameVi: string; nameEn: string };

/**
 * The clubs a desk page can act at (a GM: every active club, to choose from; the others: their
 * own) and the one chosen by `?club=` (else the first). The gateway refuses another club anyway.
 */
export async function deskClubs(
  call: ReturnType<typeof staffGateway>,
  staffClubId: number | null,
  chosen: string | null,
) {
  const { data } = await call(generalEndpoints.clubs, { query: { isActive: 'true' } });
  const clubs: DeskClub[] = (staffClubId === null ? data : data.filter((club) => club.id === staffClubId)).map((c) => ({
    id: c.id,
    nameVi: c.nameVi,
    nameEn: c.nameEn,
  }));
  const club = clubs.find((c) => c.id === Number(chosen)) ?? clubs[0] ?? null;
  return { clubs, club };
}
