import { createElement, lazy, Suspense, type ComponentType } from 'react';

/**
 * next/dynamic for client tests, as React.lazy behind a Suspense without fallback: a chunk of its
 * own renders once its import resolves (find* queries wait for it). Browser-only chunks
 * (`ssr: false`) render too, unless `skipBrowserOnly` (the shell's client widgets).
 *   jest.mock('next/dynamic', () => jest.requireActual('<…>/support/next-dynamic').nextDynamicAsLazy());
 */
export function nextDynamicAsLazy({ skipBrowserOnly = false } = {}) {
  return (loader: () => Promise<unknown>, options?: { ssr?: boolean }) => {
    if (skipBrowserOnly && options?.ssr === false) return () => null;
    const Lazy = lazy(async () => {
      const loaded = (await loader()) as { default?: ComponentType } | ComponentType;
      return { default: (typeof loaded === 'function' ? loaded : loaded.default) as ComponentType };
    });
    return (props: object) => createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  };
}
