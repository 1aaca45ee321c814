import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { catcherSmsUrl } from '../server/test/smsCatcher';

/** Browser tests run Debian's Chromium (no browser downloads here) against the production build and real server. */
export const MAIN_PORT = Number(process.env.E2E_MAIN_PORT ?? 8181);
/** A second deployment whose company remote is offline and whose e-learning remote lives on another origin. */
export const RESILIENCE_PORT = Number(process.env.E2E_RESILIENCE_PORT ?? 8182);
/** accounts.spec.ts starts an SMTP server here; the main server sends its mail to it. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
/** members-sms.spec.ts starts the SMS catcher (Twilio's Messages API) here; the main server sends its SMS to it. */
export const SMS_PORT = Number(process.env.E2E_SMS_PORT ?? SMTP_PORT + 1);
/**
 * Each server's course origin (its second listener, COURSE_PORT; docs/scorm.md "Isolation"): ports of their own,
 * as the default (PORT + 1) of the main server would be the resilience server's port.
 */
export const MAIN_COURSE_PORT = Number(process.env.E2E_MAIN_COURSE_PORT ?? RESILIENCE_PORT + 1);
export const RESILIENCE_COURSE_PORT = Number(process.env.E2E_RESILIENCE_COURSE_PORT ?? RESILIENCE_PORT + 2);
/** single-sign-on.spec.ts starts a real OpenID provider (oidc-provider, plain http) here. */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? RESILIENCE_PORT + 8);

// partner.localhost is the white-label licensee's host name.
const BROWSER_ARGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP partner.localhost 127.0.0.1'];

function server(port: number, name: string, extraEnv: Record<string, string> = {}) {
  return {
    command: 'node ../scripts/start.mjs --fresh-data',
    url: `http://localhost:${port}/api/bootstrap/remotes`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: `../.tmp/e2e-${name}-${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  // A shard of its own per run side by side (scripts/test.mjs): Playwright empties this folder when it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${MAIN_PORT}`,
    locale: 'de-DE',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: BROWSER_ARGS },
  },
  webServer: [
    // The chat vendor's script is answered by the tests themselves (page.route), as no vendor is reachable here.
    server(MAIN_PORT, 'main', {
      SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example.com/widget.js',
      // Mail goes to the SMTP server that accounts.spec.ts starts on this port; links point at this server.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // SMS (password mode bySms) go to the catcher that members-sms.spec.ts starts on this port.
      SMS_URL: catcherSmsUrl(SMS_PORT),
      PUBLIC_URL: `http://localhost:${MAIN_PORT}`,
      COURSE_PORT: String(MAIN_COURSE_PORT),
      // Courses may load from HTTPS hosts, and from http://localhost: the CDN stand-in that
      // elearning-course-isolation.spec.ts serves on a port of its own (the course origin is http://127.0.0.1).
      COURSE_CONTENT_SOURCES: 'https: http://localhost:*',
      // The OpenID provider of single-sign-on.spec.ts speaks plain http on 127.0.0.1.
      SSO_ALLOW_HTTP_ISSUERS: 'true',
    }),
    server(RESILIENCE_PORT, 'resilience', {
      REMOTE_URL_MF_COMPANY: 'http://127.0.0.1:9/mf-manifest.json',
      REMOTE_URL_MF_ELEARNINGS: `http://127.0.0.1:${MAIN_PORT}/remotes/mf-elearnings/mf-manifest.json`,
      COURSE_PORT: String(RESILIENCE_COURSE_PORT),
    }),
  ],
});
