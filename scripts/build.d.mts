// Types of what TypeScript scripts (scripts/release.ts) take from build.mjs.
/** Builds one front end (production mode) in its folder; `extraEnv` goes to rspack (DASH_OUT_DIR, DASH_AREA_DIR). */
export declare function buildOne(name: string, extraEnv?: Record<string, string>): Promise<void>;
