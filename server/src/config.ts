import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COURSE_SOURCES_MAX, checkCourseSources } from '@dash/shared-core';

/** The course content sources when COURSE_CONTENT_SOURCES is unset: any HTTPS host. */
export const DEFAULT_COURSE_CONTENT_SOURCES: readonly string[] = ['https:'];

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Environment of CONTRACT.md, read once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /**
   * A new embedded database starts from this copy (PGLITE_TEMPLATE, a tar of a PGlite data folder); null: the
   * migrated template beside the compiled server, when there is one.
   */
  pgliteTemplate: string | null;
  databaseUrl: string | undefined;
  /** PostgreSQL only: the schema that holds the tables (DATABASE_SCHEMA; unset: the connection's search_path). */
  databaseSchema: string | undefined;
  /** PostgreSQL only: milliseconds to wait for a connection (DATABASE_CONNECT_TIMEOUT_MS) and for one statement. */
  databaseTimeouts: { connectMs: number; statementMs: number };
  seedDemo: boolean;
  publicUrl: string;
  /** Where the built shell and remotes live (each `<name>/dist`). */
  staticRoot: string;
  /**
   * The release store (docs/releases.md): published releases of the areas, `<store>/<area>/<release>/`. Env
   * RELEASE_STORE_DIR; default `<DATA_DIR>/releases`. Every instance must see the same folder.
   */
  releaseStoreDir: string;
  /**
   * Where browsers fetch releases from: `/releases` (this server serves the store) or a static origin that holds a
   * copy of the store (env RELEASE_BASE_URL, e.g. https://cdn.example.com/releases).
   */
  releaseBaseUrl: string;
  /** Per remote: a manifest URL that overrides `/remotes/<name>/mf-manifest.json` (env REMOTE_URL_MF_COMPANY etc.). */
  remoteUrlOverrides: Record<string, string>;
  /** Serve the built front end (off in API-only tests). */
  serveStatic: boolean;
  logLevel: string;
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (host name for the licensee, https for Secure cookies). */
  trustProxy: boolean;
  /** The support chat vendor's script; licensees with a chat key get it (SUPPORT_CHAT_SCRIPT_URL). */
  supportChatScriptUrl: string | null;
  /** Outgoing mail (nodemailer URL, e.g. smtp://host:25); unset: mails go to the outbox table only. */
  smtpUrl: string | undefined;
  /** Sender address of mails (MAIL_FROM). */
  mailFrom: string;
  /**
   * Outgoing SMS (SMS_URL, e.g. twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B4915112345678; see
   * core/sms/twilio.ts); unset: SMS are kept in the sms_outbox table, or refused with NODE_ENV=production.
   */
  smsUrl: string | undefined;
  /** Key that signs support links (SUPPORT_LINK_SECRET); unset: a random key generated once, kept in the database. */
  supportLinkSecret: string | undefined;
  /** Embedded database only: where the server leaves the support-link key for `support-link` while it runs. */
  supportLinkKeyFile: string | undefined;
  /** Minutes between reminder runs (REMINDER_INTERVAL_MINUTES, default 15; 0: no scheduler in this instance). */
  reminderIntervalMinutes: number;
  /** Minutes between refreshes of the licensees' usage figures (USAGE_REFRESH_MINUTES, default 15; 0: none here). */
  usageRefreshMinutes: number;
  /** NODE_ENV=production: developer tools (the outbox) are never reachable; logs are JSON lines. */
  production: boolean;
  /** Serve Prometheus metrics at GET /metrics (METRICS_ENABLED, default off; docs/operating.md). */
  metricsEnabled: boolean;
  /** When set, GET /metrics wants `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken: string | undefined;
  /**
   * The port of the second listener that serves SCORM course files only (COURSE_PORT); null: PORT + 1, or a free
   * port when that one is taken.
   */
  coursePort: number | null;
  /**
   * The origin the browser loads course files from (COURSE_ORIGIN, e.g. https://courses.example.com, behind a proxy
   * that forwards to COURSE_PORT); null: the dashboard's host name on the course port (docs/scorm.md "Isolation").
   */
  courseOrigin: string | null;
  /**
   * Content-security-policy sources a course may load scripts, styles, fonts, media and images from and connect to
   * (COURSE_CONTENT_SOURCES, separated by spaces; default `https:`, any HTTPS host).
   */
  courseContentSources: string[];
  /**
   * The key that encrypts secrets at rest (SECRETS_KEY: 32 bytes, base64 or 64 hex digits), e.g. the clients' OpenID
   * client secrets. Unset: outside production a key generated once in `<DATA_DIR>/secrets.key`; in production such
   * secrets cannot be saved (core/secrets/secretBox.ts).
   */
  secretsKey: Buffer | null;
  /** Plain-http OpenID issuers are accepted (SSO_ALLOW_HTTP_ISSUERS; tests and a provider on the own machine only). */
  ssoAllowHttpIssuers: boolean;
}

/** SECRETS_KEY: 32 bytes as 64 hex digits or base64; anything else stops the start (a typo must not go unnoticed). */
function secretsKey(value: string | undefined): Buffer | null {
  if (!value) return null;
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY: 32 bytes, as 64 hex digits or base64');
  return key;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

export function remoteUrlVariable(remoteName: string): string {
  return `REMOTE_URL_${remoteName.replace(/-/g, '_').toUpperCase()}`;
}

/**
 * COURSE_CONTENT_SOURCES: sources separated by white space, checked as a licensee's own list is (shared-core
 * contentSources.ts), except that plain http to the learner's own machine (`http://localhost:*`) is allowed here for
 * development and tests. Unset or empty: `https:`.
 */
function courseContentSources(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_COURSE_CONTENT_SOURCES];
  const check = checkCourseSources(value.trim().split(/\s+/), { allowLoopbackHttp: true });
  if (check.problem === 'CourseSources.TooMany') {
    throw new Error(`COURSE_CONTENT_SOURCES: more than ${COURSE_SOURCES_MAX} sources`);
  }
  if (check.problem) {
    throw new Error(`COURSE_CONTENT_SOURCES: "${check.invalid}" is not an allowed content source (https only)`);
  }
  return check.sources;
}

function originOrNull(variable: string, value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable}: "${value}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${variable}: http or https only`);
  return url.origin;
}

function portOrNull(variable: string, value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${variable}: "${value}" is not a port`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const remoteUrlOverrides: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('REMOTE_URL_') && value) {
      remoteUrlOverrides[key] = value;
    }
  }
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(process.cwd(), '.data'));
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    pgliteTemplate: env.PGLITE_TEMPLATE ? path.resolve(env.PGLITE_TEMPLATE) : null,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databaseTimeouts: {
      connectMs: Number(env.DATABASE_CONNECT_TIMEOUT_MS) || 5_000,
      statementMs: Number(env.DATABASE_STATEMENT_TIMEOUT_MS) || 60_000,
    },
    seedDemo: flag(env.SEED_DEMO, true),
    publicUrl: env.PUBLIC_URL ?? 'http://localhost:8080',
    // Another folder laid out like the repository (<root>/shell/dist, …): the bench serves its non-federated build so.
    staticRoot: env.STATIC_ROOT ? path.resolve(env.STATIC_ROOT) : REPO_ROOT,
    remoteUrlOverrides,
    releaseStoreDir: path.resolve(env.RELEASE_STORE_DIR ?? path.join(dataDir, 'releases')),
    releaseBaseUrl: (env.RELEASE_BASE_URL || '/releases').replace(/\/+$/, ''),
    serveStatic: true,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: flag(env.TRUST_PROXY, false),
    supportChatScriptUrl: env.SUPPORT_CHAT_SCRIPT_URL || null,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Dashboard <no-reply@dashboard.localhost>',
    smsUrl: env.SMS_URL || undefined,
    supportLinkSecret: env.SUPPORT_LINK_SECRET || undefined,
    supportLinkKeyFile: env.DATABASE_URL ? undefined : path.join(dataDir, 'support-link.key'),
    reminderIntervalMinutes: Number(env.REMINDER_INTERVAL_MINUTES ?? 15) || 0,
    usageRefreshMinutes: Number(env.USAGE_REFRESH_MINUTES ?? 15) || 0,
    production: env.NODE_ENV === 'production',
    metricsEnabled: flag(env.METRICS_ENABLED, false),
    metricsToken: env.METRICS_TOKEN || undefined,
    coursePort: portOrNull('COURSE_PORT', env.COURSE_PORT),
    courseOrigin: originOrNull('COURSE_ORIGIN', env.COURSE_ORIGIN),
    courseContentSources: courseContentSources(env.COURSE_CONTENT_SOURCES),
    secretsKey: secretsKey(env.SECRETS_KEY),
    ssoAllowHttpIssuers: flag(env.SSO_ALLOW_HTTP_ISSUERS, false),
  };
}
