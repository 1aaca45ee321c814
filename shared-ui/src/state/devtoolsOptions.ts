import { devtools as zustandDevtools } from 'zustand/middleware';

/** Spec section 9: application state history for developer tooling keeps 25 states. */
export const DEVTOOLS_HISTORY = 25;

/** Options of zustand's `devtools` middleware for the store `name`: every store of the dashboard uses these. */
export function devtoolsOptions(name: string): { name: string; maxAge: number } {
  return { name, maxAge: DEVTOOLS_HISTORY };
}

/**
 * zustand's `devtools` middleware for the dashboard's stores, except in production builds: there it hands back the
 * store's initializer as it is, so the middleware is not bundled (2.5 KB gzip of the shell's first script) and no
 * store's state goes to a browser extension. `set(partial, replace, actionName)` works either way (a plain store
 * ignores the action name). The bundler replaces `process.env.NODE_ENV`, so the other branch is left out.
 */
export const devtools: typeof zustandDevtools =
  process.env.NODE_ENV === 'production'
    ? (((initializer: unknown) => initializer) as unknown as typeof zustandDevtools)
    : zustandDevtools;
