import type { ReactNode } from 'react';

/** No chrome at all: for screens that draw the whole viewport themselves. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return <main style={{ minHeight: '100vh' }}>{children}</main>;
}
