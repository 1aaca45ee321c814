import { ENDPOINTS, type MemberState } from '@dash/shared-core/contract';
import { permissionsOf } from '@dash/shared-core/permissions';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { VersionedCache } from '../../core/db/versionedCache';
import { licenseeForHost } from '../../core/licensees/licensees';
import { accessFactsOf, accessVersionOf, createSession, deleteSession } from '../../core/sessions/sessions';
import { clearSessionCookie, newToken, SESSION_COOKIE, setSessionCookie, setXsrfCookie } from '../../http/cookies';
import { ApiHttpError } from '../../http/errors';
import { hostNameOf } from '../../http/hostName';
import { KeptAnswer, registerEndpoint } from '../../http/route';
import { auditSupportCall } from '../../http/supportAudit';
import { providerLogoutUrl } from '../sso/providerLogout';
import type { SsoProviders } from '../sso/providers';
import { clearFailedLogins, isLockedOut, recordFailedLogin } from './loginAttempts';
import { verifyPassword } from './passwords';

interface LoginRow {
  uuid: string;
  client_uuid: string;
  password_hash: string | null;
  status: string;
  archived_at: string | null;
  client_deactivated: boolean;
  role: string;
  login_mode: string | null;
}

export function registerAuthRoutes(app: FastifyInstance, db: Database, ssoProviders: SsoProviders): void {
  registerEndpoint(app, db, ENDPOINTS.csrf, async ({ request, reply }) => {
    setXsrfCookie(request, reply);
    return { ok: true as const };
  });

  registerEndpoint(app, db, ENDPOINTS.login, async ({ body, request, reply }) => {
    const licensee = await licenseeForHost(db, hostNameOf(request));
    if (await isLockedOut(db, body.clientIdentifier, body.username)) {
      throw new ApiHttpError(429, 'Login.TooManyAttempts');
    }
    const rows = await db.query<LoginRow>(
      `SELECT m.uuid, m.client_uuid, m.password_hash, m.status, m.archived_at, m.role, s.login_mode,
              c.deactivated_at IS NOT NULL AS client_deactivated
         FROM member m JOIN client c ON c.uuid = m.client_uuid LEFT JOIN client_sso s ON s.client_uuid = c.uuid
        WHERE c.identifier = $1 AND m.username = $2 AND c.licensee_uuid = $3`,
      [body.clientIdentifier, body.username, licensee?.uuid ?? null],
    );
    const member = rows[0];
    const valid = await verifyPassword(body.password, member?.password_hash ?? null);
    if (!member || !valid) {
      await recordFailedLogin(db, body.clientIdentifier, body.username);
      throw new ApiHttpError(401, 'Login.Failed');
    }
    // Only after the password matched, so that the answer does not reveal the account's state to strangers.
    if (member.archived_at || member.status !== 'active') throw new ApiHttpError(403, 'Login.Deactivated');
    // The licensee has deactivated the whole company (licensee console): nothing is deleted, sign-in waits.
    if (member.client_deactivated) throw new ApiHttpError(403, 'Login.ClientDeactivated');
    // The company signs in through its provider only; its super-admins keep the password as the way back in when the
    // provider fails or is set up wrongly (docs/single-sign-on.md).
    if (member.login_mode === 'sso' && member.role !== 'super-admin') throw new ApiHttpError(403, 'Login.SsoRequired');

    const token = newToken();
    await db.transaction(async (tx) => {
      // A new session id at every sign-in (no session fixation); the old one, if any, ends.
      await deleteSession(tx, request.cookies[SESSION_COOKIE]);
      await createSession(tx, member.uuid, member.client_uuid, token);
      await tx.query('UPDATE member SET last_login_at = now() WHERE uuid = $1', [member.uuid]);
      await clearFailedLogins(tx, body.clientIdentifier, body.username);
    });
    setSessionCookie(request, reply, token);
    setXsrfCookie(request, reply);
    return { authenticated: true as const };
  });

  registerEndpoint(app, db, ENDPOINTS.logout, async ({ request, reply }) => {
    // Sign-out is public (it also clears a stale cookie), so the support audit plugin leaves it out: a customer
    // adviser's sign-out is written to the support audit log here.
    const session = await request.loadSession();
    if (session) await auditSupportCall(db, session, ENDPOINTS.logout, request, 200);
    // An adviser who signs out of a support session opened from the console ends it early: the console's record says
    // so (the support banner's "end" does the same and goes back to the console).
    if (session?.support?.sessionUuid) {
      await db.query(
        `UPDATE licensee_support_session SET ended_at = now(), ended_by_staff_uuid = staff_uuid, ended_by = adviser
          WHERE uuid = $1 AND ended_at IS NULL`,
        [session.support.sessionUuid],
      );
    }
    // Read before the session ends: a session of the company's provider goes on to the provider's logout.
    const providerLogout = await providerLogoutUrl(db, ssoProviders, request, request.cookies[SESSION_COOKIE]);
    await deleteSession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(request, reply);
    return { ok: true as const, providerLogoutUrl: providerLogout };
  });

  registerEndpoint(app, db, ENDPOINTS.heartbeat, async ({ session }) => ({
    ok: true as const,
    accessVersion: accessVersionOf(session),
  }));

  // Each member's state, kept as checked JSON for the client's company version (migrations 005, 019: every change of a
  // member moves it) and the session's facts it shows (role, flags, client, support), so that the state, asked on
  // every start, is answered from the session query alone: no query, contract check or serialisation of its own.
  const memberStates = new VersionedCache<KeptAnswer<typeof ENDPOINTS.memberState>>(
    20_000_000,
    (answer) => answer.size,
    'member-state',
  );

  registerEndpoint(app, db, ENDPOINTS.memberState, async ({ session, request }) => {
    const facts = accessFactsOf(session);
    const support = session.support ? { adviser: session.support.adviser, reason: session.support.reason } : null;
    const id = JSON.stringify([session.memberUuid, session.client.identifier, support, facts]);
    return memberStates.get(id, session.companyVersion, async () => {
      const [row] = await db.query<{
        email: string | null;
        first_name: string;
        last_name: string;
        phone_number: string | null;
        mobile_number: string | null;
        special_attributes: string[];
        external_company: string | null;
        gender: 'm' | 'f' | 'd';
        birth_date: string | null;
        street: string | null;
        postal_code: string | null;
        city: string | null;
        country: string | null;
      }>(
        `SELECT m.email, m.first_name, m.last_name, m.phone_number, m.mobile_number, m.special_attributes,
                m.external_company, m.gender, m.birth_date::text AS birth_date, m.street, m.postal_code, m.city,
                m.country
           FROM member m WHERE m.uuid = $1 AND m.client_uuid = $2`,
        [session.memberUuid, session.clientUuid],
      );
      if (!row) throw new ApiHttpError(401, 'Auth.Unauthorized');
      const state: MemberState = {
        member: {
          uuid: session.memberUuid,
          email: row.email,
          roleIdentifier: session.role,
          permissions: [...permissionsOf(session.role)],
        },
        memberDetails: {
          firstName: row.first_name,
          lastName: row.last_name,
          phoneNumber: row.phone_number,
          mobileNumber: row.mobile_number,
          specialAttributes: row.special_attributes.filter(
            (attribute): attribute is 'pregnant' | 'underage' => attribute === 'pregnant' || attribute === 'underage',
          ),
          externalCompany: row.external_company,
          gender: row.gender,
          birthDate: row.birth_date,
          street: row.street,
          postalCode: row.postal_code,
          city: row.city,
          country: row.country,
        },
        featureFlags: session.featureFlags,
        externalCalendarHref: session.featureFlags.calendar ? session.client.externalCalendarHref : null,
        clientName: session.client.name,
        clientIdentifier: session.client.identifier,
        offeredCountries: session.client.offeredCountries,
        support,
        accessVersion: accessVersionOf(session),
      };
      return KeptAnswer.of(request, ENDPOINTS.memberState, state);
    });
  });
}
