import { Outlet } from 'react-router';
import { requireMember } from '#app/auth.server.ts';
import { BrandHeader } from '#app/components/brand-header.tsx';
import type { Route } from './+types/layout.main';

export const middleware: Route.MiddlewareFunction[] = [requireMember];

/** Signed-in pages. The header icons and bottom navigation of §2 grow here with the app shell. */
export default function MainLayout() {
  return (
    <div className="layout">
      <BrandHeader home="/home" />
      <Outlet />
    </div>
  );
}
