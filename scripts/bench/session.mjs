// Signs in through the API the way the browser does: GET /api/csrf, then POST /api/login with the XSRF pair.
import { createHash } from 'node:crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_COOKIE = 'SESSION';

/** The browser sends the lowercase hex SHA-256 of the typed password (shared-core hashPassword). */
export function sha256Hex(text) {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function cookiesOf(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair.indexOf('=');
    if (index > 0) jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
}

/** Answers the headers an authenticated API call needs: Cookie (SESSION, XSRF-TOKEN) and X-XSRF-TOKEN. */
export async function signIn(baseUrl, { company, username, password }) {
  const jar = new Map();
  const csrf = await fetch(`${baseUrl}/api/csrf`);
  if (!csrf.ok) throw new Error(`GET /api/csrf answered ${csrf.status}`);
  cookiesOf(csrf, jar);
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      [XSRF_HEADER]: jar.get(XSRF_COOKIE) ?? '',
    },
    body: JSON.stringify({ username, clientIdentifier: company, password: sha256Hex(password) }),
  });
  if (!login.ok) throw new Error(`sign-in as ${company}/${username} answered ${login.status}: ${await login.text()}`);
  cookiesOf(login, jar);
  if (!jar.get(SESSION_COOKIE)) throw new Error('sign-in set no SESSION cookie');
  return {
    cookie: [SESSION_COOKIE, XSRF_COOKIE].map((name) => `${name}=${jar.get(name)}`).join('; '),
    [XSRF_HEADER]: jar.get(XSRF_COOKIE) ?? '',
  };
}
