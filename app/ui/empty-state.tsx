import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

/** What a list or a tab shows when it has nothing yet: an icon, a title, a sentence and maybe an action. */
export function EmptyState({
  icon,
  title,
  text,
  children,
}: {
  icon: IconName;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <span className="empty-icon">
        <Icon name={icon} size={36} />
      </span>
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      {children}
    </div>
  );
}
