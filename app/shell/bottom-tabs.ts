import type { IconName } from '#app/ui/icons.tsx';

/** §2: the five tabs (the bottom navigation, and the offline check-in page the service worker draws). */
export const bottomTabs: {
  to: string;
  icon: IconName;
  label: 'home' | 'membership' | 'workout' | 'inbody' | 'history';
}[] = [
  { to: '/home', icon: 'home', label: 'home' },
  { to: '/membership', icon: 'membership', label: 'membership' },
  { to: '/workout', icon: 'workout', label: 'workout' },
  { to: '/inbody', icon: 'inbody', label: 'inbody' },
  { to: '/history', icon: 'history', label: 'history' },
];
