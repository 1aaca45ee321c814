/** Spec section 9: application state history for developer tooling keeps 25 states. */
export const DEVTOOLS_HISTORY = 25;

/** Options of zustand's `devtools` middleware for the store `name`: every store of the dashboard uses these. */
export function devtoolsOptions(name: string): { name: string; maxAge: number } {
  return { name, maxAge: DEVTOOLS_HISTORY };
}
