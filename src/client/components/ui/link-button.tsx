import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from './button';

interface LinkButtonProps extends Pick<ButtonProps, 'variant' | 'className'> {
  to: string;
  /** Shown before the label, hidden from screen readers (the label names the link). */
  icon: LucideIcon;
  children: string;
}

/** An in-app link that looks like a Button, its icon before its label. */
export function LinkButton({ to, icon: Icon, children, ...button }: LinkButtonProps) {
  return (
    <Button asChild {...button}>
      <Link to={to}>
        <Icon aria-hidden="true" className="h-4 w-4" />
        {children}
      </Link>
    </Button>
  );
}
