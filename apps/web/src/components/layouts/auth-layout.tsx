import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LogoMark } from '@/components/ui/logo';

/** The public layout: a centred card with the product logo. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-gray-50 px-4 py-10 sm:px-6 dark:bg-gray-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-gradient-to-b from-brand-100/70 to-transparent dark:from-brand-500/10"
      />
      <div className="relative w-full max-w-[400px]">
        <div className="mb-8 flex flex-col items-center gap-3">
          <LogoMark className="size-10" />
          <span className="text-lg font-semibold tracking-tight text-gray-900 dark:text-white">RecruitDesk</span>
        </div>
        <div className="rounded-2xl border border-gray-200 bg-white px-6 py-8 shadow-sm sm:px-8 dark:border-white/10 dark:bg-gray-900">
          {children ?? <Outlet />}
        </div>
        <p className="mt-8 text-center text-xs text-gray-500 dark:text-gray-500">
          Recruitment tracking for agencies &middot; &copy; {new Date().getFullYear()} RecruitDesk
        </p>
      </div>
    </div>
  );
}
