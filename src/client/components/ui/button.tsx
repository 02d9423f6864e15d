import type { LucideIcon } from 'lucide-react';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { Link } from '../../lib/router';
import { cn } from '../../lib/cn';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-gray-400',
  secondary: 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 disabled:text-gray-500',
  ghost: 'text-gray-800 hover:bg-gray-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-gray-400',
  link: 'text-brand-800 underline underline-offset-4 hover:text-brand-900',
} as const;

const SIZES = {
  md: 'min-h-10 px-4 py-2 text-sm',
  sm: 'min-h-8 px-3 py-1 text-sm',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
}

/** The button's look, for a button or a link. */
function buttonClass(variant: keyof typeof VARIANTS, size: keyof typeof SIZES, className: string | undefined) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type, ...props },
  ref,
) {
  return <button ref={ref} type={type ?? 'button'} className={buttonClass(variant, size, className)} {...props} />;
});

interface LinkButtonProps extends Pick<ButtonProps, 'variant' | 'className'> {
  to: string;
  /** Shown before the label, hidden from screen readers (the label names the link). */
  icon: LucideIcon;
  children: string;
}

/** An in-app link that looks like a Button, its icon before its label. (Kept in this module: one
 * of its own, shared by the entry and the lazy pages, made the bundler split Button and the router
 * out of the first screen's chunk. The link takes the button's classes itself: Radix Slot, which
 * did that before, cost Discover's first load about 1 KiB, docs/benchmarks.md.) */
export function LinkButton({ to, icon: Icon, children, variant = 'primary', className }: LinkButtonProps) {
  return (
    <Link to={to} className={buttonClass(variant, 'md', className)}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
    </Link>
  );
}
