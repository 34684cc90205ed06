import { Outlet } from 'react-router';
import { BrandHeader } from '#app/components/brand-header.tsx';

/** Pre-login pages: brand, language switch and the page, nothing else. */
export default function BareLayout() {
  return (
    <div className="layout">
      <BrandHeader home="/landing" />
      <Outlet />
    </div>
  );
}
