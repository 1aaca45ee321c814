import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Environment of CONTRACT.md, read once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  publicUrl: string;
  /** Where the built shell and remotes live (each `<name>/dist`). */
  staticRoot: string;
  /** Per remote: a manifest URL that overrides `/remotes/<name>/mf-manifest.json` (env REMOTE_URL_MF_COMPANY etc.). */
  remoteUrlOverrides: Record<string, string>;
  /** Serve the built front end (off in API-only tests). */
  serveStatic: boolean;
  logLevel: string;
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (host name for the licensee, https for Secure cookies). */
  trustProxy: boolean;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

export function remoteUrlVariable(remoteName: string): string {
  return `REMOTE_URL_${remoteName.replace(/-/g, '_').toUpperCase()}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const remoteUrlOverrides: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('REMOTE_URL_') && value) {
      remoteUrlOverrides[key] = value;
    }
  }
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(process.cwd(), '.data')),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: flag(env.SEED_DEMO, true),
    publicUrl: env.PUBLIC_URL ?? 'http://localhost:8080',
    staticRoot: REPO_ROOT,
    remoteUrlOverrides,
    serveStatic: true,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: flag(env.TRUST_PROXY, false),
  };
}
