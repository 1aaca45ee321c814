import { START_PAGE } from '@dash/shared-core';
import { isSsoSignInFailure, type SsoSignInFailure } from '@dash/shared-core/calls';
import { ENDPOINTS, memberUsernameSchema, optionalEmailSchema, type SsoOptions } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import { licenseeForHost } from '../../../core/licensees/licensees';
import { createSession, deleteSession, hashToken } from '../../../core/sessions/sessions';
import { newToken, SESSION_COOKIE, setSessionCookie, setXsrfCookie } from '../../../http/cookies';
import { ApiHttpError } from '../../../http/errors';
import { hostNameOf } from '../../../http/hostName';
import { registerEndpoint } from '../../../http/route';
import { checkRateLimit } from '../../auth/rateLimit';
import { createDirectoryMembers } from '../../members/directoryMembers';
import { CLIENT_SSO_COLUMNS, type ClientSsoRow, failureOf, originOf, type SsoProviders } from '../providers';

export const SSO_START_PATH = '/api/auth/sso/start';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** Where the provider's logout sends the browser back to (it must be registered there as well). */
export const SSO_POST_LOGOUT_PATH = '/auth/login';
/** A sign-in that has not come back from the provider within this is refused (`Sso.StateInvalid`). */
const LOGIN_REQUEST_MINUTES = 10;
/** Trips to the provider per IP address and window (an office behind one address signs in at shift start). */
const SSO_PER_IP = 600;

const startQuerySchema = z.strictObject({
  clientIdentifier: z.string().trim().toLowerCase().min(1).max(64),
  returnUrl: z.string().max(2048).optional(),
});
/** The provider adds what it likes (`iss`, `session_state`, `scope`): only the state is looked at here. */
const callbackQuerySchema = z.looseObject({ state: z.string().min(1).max(200) });

/** Only pages of the dashboard are gone back to after sign-in (no open redirect), as on the sign-in page. */
function safeReturnUrl(value: string | null | undefined): string {
  return value && /^\/dashboard(\/|$|\?)/.test(value) && !value.includes('\\') ? value : START_PAGE;
}

interface ClientOfSignIn extends Partial<ClientSsoRow> {
  uuid: string;
  identifier: string;
  deactivated: boolean;
}

/** A client with its provider (if any), as the sign-in reads it; the caller adds the condition. */
const CLIENT_OF_SIGN_IN = `SELECT c.uuid, c.identifier, c.deactivated_at IS NOT NULL AS deactivated, ${CLIENT_SSO_COLUMNS}
  FROM client c LEFT JOIN client_sso s ON s.client_uuid = c.uuid`;

/** The client of a company ID on this host's licensee, with its provider (if any). */
async function clientOf(db: Queryable, request: FastifyRequest, identifier: string): Promise<ClientOfSignIn | null> {
  const licensee = await licenseeForHost(db, hostNameOf(request));
  const [row] = await db.query<ClientOfSignIn>(
    `${CLIENT_OF_SIGN_IN} WHERE c.identifier = $1 AND c.licensee_uuid = $2`,
    [identifier, licensee?.uuid ?? null],
  );
  return row ?? null;
}

/** Back to the sign-in page with the reason: the page shows its message (`common:errors.codes.<code>`). */
function backToSignIn(reply: FastifyReply, clientIdentifier: string | null, code: SsoSignInFailure): FastifyReply {
  const page = clientIdentifier ? `/auth/login/${encodeURIComponent(clientIdentifier)}` : '/auth/login';
  return reply.redirect(`${page}?sso=${encodeURIComponent(code)}`, 302);
}

interface MemberOfSubject {
  uuid: string;
  archived: boolean;
  active: boolean;
  sso_subject: string | null;
}

/**
 * The member of the provider's account: the one linked to its subject; else, once, the one with the address the
 * provider vouches for (`email_verified`), which is linked then. Archived members are found too, so that they are
 * told so rather than "unknown".
 */
async function memberOf(tx: Queryable, clientUuid: string, claims: oidc.IDToken): Promise<MemberOfSubject | null> {
  const columns = "uuid, archived_at IS NOT NULL AS archived, status = 'active' AS active, sso_subject";
  const [linked] = await tx.query<MemberOfSubject>(
    `SELECT ${columns} FROM member WHERE client_uuid = $1 AND sso_subject = $2`,
    [clientUuid, claims.sub],
  );
  if (linked) return linked;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified !== true) return null;
  const byEmail = await tx.query<MemberOfSubject>(
    `SELECT ${columns} FROM member WHERE client_uuid = $1 AND lower(email) = $2 AND sso_subject IS NULL FOR UPDATE`,
    [clientUuid, email],
  );
  // Two members with the address (one archived, one not): the active one; more than one active: nobody is guessed.
  const candidates = byEmail.filter((member) => !member.archived);
  const member = candidates.length === 1 ? candidates[0] : byEmail.length === 1 ? byEmail[0] : undefined;
  if (!member) return null;
  await tx.query('UPDATE member SET sso_subject = $2 WHERE uuid = $1', [member.uuid, claims.sub]);
  await recordAudit(tx, { clientUuid, memberUuid: member.uuid, support: null }, [
    {
      action: 'member.link-sso',
      entityType: 'member',
      entityUuid: member.uuid,
      memberUuid: member.uuid,
      before: null,
      after: { issuer: claims.iss, subject: claims.sub },
    },
  ]);
  return { ...member, sso_subject: claims.sub };
}

/**
 * A member made at the first sign-in of a provider's account, where the company allows it (`create_members`): role
 * member, named by the token's claims, the username its e-mail address (verified) or its preferred username, linked
 * to the subject at once; made as the directory's members are (tasks, audit entry naming the provider, licence
 * limit). Null when the claims do not make a valid member or the username is taken.
 */
async function newMemberOf(tx: Queryable, client: ClientSsoRow, claims: oidc.IDToken): Promise<MemberOfSubject | null> {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const verifiedEmail = claims.email_verified === true ? text(claims.email).toLowerCase() : '';
  const email = optionalEmailSchema.safeParse(verifiedEmail || null);
  const username = memberUsernameSchema.safeParse(verifiedEmail || text(claims.preferred_username));
  const name = text(claims.name).split(/\s+/).filter(Boolean);
  const firstName = text(claims.given_name) || name.slice(0, -1).join(' ');
  const lastName = text(claims.family_name) || (name.length > 1 ? (name.at(-1) ?? '') : '');
  if (
    !username.success ||
    !email.success ||
    !firstName ||
    !lastName ||
    firstName.length > 255 ||
    lastName.length > 255
  ) {
    return null;
  }
  const actor = {
    clientUuid: client.client_uuid,
    memberUuid: null,
    support: null,
    actorName: `SSO: ${client.provider_name}`,
  };
  const language = text(claims.locale).toLowerCase().startsWith('en') ? 'en_GB' : null;
  const [created] = await createDirectoryMembers(
    tx,
    actor,
    client.client_uuid,
    [
      {
        username: username.data,
        firstName,
        lastName,
        email: email.data,
        active: true,
        language,
        externalId: null,
        ssoSubject: claims.sub,
      },
    ],
    'sso',
  );
  return created ? { uuid: created.uuid, archived: false, active: true, sso_subject: claims.sub } : null;
}

/**
 * The sign-in through a client's OpenID provider (docs/single-sign-on.md): the sign-in page asks which sign-in to
 * offer; the browser goes to the provider (authorisation code flow with PKCE, state and nonce) and comes back to the
 * callback, which checks the ID token, finds the member and starts the session as the password sign-in does.
 */
export function registerSsoSignInRoutes(app: FastifyInstance, db: Database, providers: SsoProviders): void {
  registerEndpoint(app, db, ENDPOINTS.ssoOptions, async ({ body, request }): Promise<SsoOptions> => {
    const client = await clientOf(db, request, body.clientIdentifier);
    if (!client?.login_mode || client.login_mode === 'password') return { loginMode: 'password', providerName: null };
    return { loginMode: client.login_mode, providerName: client.provider_name ?? null };
  });

  app.get(SSO_START_PATH, async (request, reply) => {
    const query = startQuerySchema.safeParse(request.query);
    if (!query.success) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    await checkRateLimit(db, 'sso-start', [{ subject: request.ip, limit: SSO_PER_IP }]);
    const { clientIdentifier, returnUrl } = query.data;
    const client = await clientOf(db, request, clientIdentifier);
    if (!client?.login_mode || client.login_mode === 'password') {
      return backToSignIn(reply, clientIdentifier, 'Sso.NotConfigured');
    }
    if (client.deactivated) return backToSignIn(reply, clientIdentifier, 'Login.ClientDeactivated');
    let configuration: oidc.Configuration;
    try {
      configuration = await providers.configurationOf(client as ClientSsoRow);
    } catch (error) {
      return backToSignIn(
        reply,
        clientIdentifier,
        error instanceof ApiHttpError && isSsoSignInFailure(error.code) ? error.code : 'Sso.ProviderUnavailable',
      );
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const redirectUri = `${originOf(request)}${SSO_CALLBACK_PATH}`;
    await db.query(`DELETE FROM sso_login_request WHERE created_at < now() - make_interval(mins => $1)`, [
      LOGIN_REQUEST_MINUTES,
    ]);
    await db.query(
      `INSERT INTO sso_login_request (state_hash, client_uuid, code_verifier, nonce, redirect_uri, return_url)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [hashToken(state), client.uuid, verifier, nonce, redirectUri, safeReturnUrl(returnUrl)],
    );
    const target = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return reply.redirect(target.href, 302);
  });

  app.get(SSO_CALLBACK_PATH, async (request, reply) => {
    await checkRateLimit(db, 'sso-callback', [{ subject: request.ip, limit: SSO_PER_IP }]);
    const query = callbackQuerySchema.safeParse(request.query);
    if (!query.success) return backToSignIn(reply, null, 'Sso.StateInvalid');
    // Used once: the row goes whatever happens next, so that a replayed answer finds nothing.
    const [pending] = await db.query<{
      client_uuid: string;
      code_verifier: string;
      nonce: string;
      redirect_uri: string;
      return_url: string | null;
      fresh: boolean;
    }>(
      `DELETE FROM sso_login_request WHERE state_hash = $1
       RETURNING client_uuid, code_verifier, nonce, redirect_uri, return_url,
                 created_at > now() - make_interval(mins => $2) AS fresh`,
      [hashToken(query.data.state), LOGIN_REQUEST_MINUTES],
    );
    if (!pending?.fresh) return backToSignIn(reply, null, 'Sso.StateInvalid');
    // The client of the sign-in it started (not the host's: the provider's answer comes back to one address).
    const [client] = await db.query<ClientOfSignIn>(`${CLIENT_OF_SIGN_IN} WHERE c.uuid = $1`, [pending.client_uuid]);
    // The provider was removed meanwhile.
    if (!client?.login_mode || client.login_mode === 'password') return backToSignIn(reply, null, 'Sso.NotConfigured');
    const identifier = client.identifier;
    let claims: oidc.IDToken;
    let idToken: string;
    try {
      const configuration = await providers.configurationOf(client as ClientSsoRow);
      // The address the provider sent the browser to: the registered redirect URI with the provider's parameters.
      const currentUrl = new URL(pending.redirect_uri);
      currentUrl.search = new URLSearchParams(request.query as Record<string, string>).toString();
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: query.data.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const checked = tokens.claims();
      if (!checked || !tokens.id_token) throw new ApiHttpError(400, 'Sso.TokenInvalid');
      claims = checked;
      idToken = tokens.id_token;
    } catch (error) {
      const code = error instanceof ApiHttpError && isSsoSignInFailure(error.code) ? error.code : failureOf(error);
      request.log.warn({ client: identifier, code, reason: (error as Error).message }, 'single sign-on refused');
      return backToSignIn(reply, identifier, code);
    }
    if (client.deactivated) return backToSignIn(reply, identifier, 'Login.ClientDeactivated');
    const token = newToken();
    const outcome = await db
      .transaction(async (tx) => {
        const member =
          (await memberOf(tx, client.uuid, claims)) ??
          (client.create_members ? await newMemberOf(tx, client as ClientSsoRow, claims) : null);
        if (!member) return 'Sso.UnknownMember';
        if (member.archived || !member.active) return 'Login.Deactivated';
        // A new session id at every sign-in (no session fixation); the old one, if any, ends.
        await deleteSession(tx, request.cookies[SESSION_COOKIE]);
        await createSession(tx, member.uuid, client.uuid, token);
        await tx.query('UPDATE session SET sso_id_token = $2 WHERE token_hash = $1', [hashToken(token), idToken]);
        await tx.query('UPDATE member SET last_login_at = now() WHERE uuid = $1', [member.uuid]);
        return null;
      })
      .catch((error: unknown) => {
        // The licence limit of a member made at this sign-in: nothing of it is kept.
        if (error instanceof ApiHttpError && error.code === 'Client.MaxMembersReached') return error.code;
        throw error;
      });
    if (outcome) {
      request.log.warn({ client: identifier, code: outcome, subject: claims.sub }, 'single sign-on refused');
      return backToSignIn(reply, identifier, outcome);
    }
    setSessionCookie(request, reply, token);
    setXsrfCookie(request, reply);
    return reply.redirect(safeReturnUrl(pending.return_url), 302);
  });
}
