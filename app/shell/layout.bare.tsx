import { Outlet } from 'react-router';
import { BrandHeader } from './brand-header.tsx';
import { PageError } from '#app/ui/page-error.tsx';
import type { Route } from './+types/layout.bare';

/** Pre-login pages: brand, language switch and the page, nothing else. */
export default function BareLayout() {
  return (
    <div className="layout">
      <BrandHeader home="/landing" />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="layout">
      <BrandHeader home="/landing" />
      <PageError error={error} home="/landing" />
    </div>
  );
}
