import { Tabs as T } from 'radix-ui';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cn } from '../../lib/cn';

export const Tabs = T.Root;

export const TabsList = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof T.List>>(function TabsList(
  { className, ...props },
  ref,
) {
  return <T.List ref={ref} className={cn('grid gap-1 rounded-md bg-gray-100 p-1', className)} {...props} />;
});

export const TabsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof T.Trigger>>(
  function TabsTrigger({ className, ...props }, ref) {
    return (
      <T.Trigger
        ref={ref}
        className={cn(
          'min-h-9 rounded px-2 py-1.5 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow',
          className,
        )}
        {...props}
      />
    );
  },
);

export const TabsContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof T.Content>>(function TabsContent(
  { className, ...props },
  ref,
) {
  return <T.Content ref={ref} className={cn('mt-4 focus:outline-none', className)} {...props} />;
});
