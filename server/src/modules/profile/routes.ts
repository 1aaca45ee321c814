import { LANGUAGES, phoneNumber } from '@dash/shared-core';
import { ENDPOINTS, type ProfileSetting } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';

export function registerProfileRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.profileUpdate, async ({ body, session }) => {
    if (body.phoneNumber && phoneNumber(body.phoneNumber)) throw new ApiHttpError(400, 'Member.InvalidPhone');
    if (body.mobileNumber && phoneNumber(body.mobileNumber)) throw new ApiHttpError(400, 'Member.InvalidMobile');
    const rows = await db.query<{
      email: string | null;
      first_name: string;
      last_name: string;
      phone_number: string | null;
      mobile_number: string | null;
    }>(
      `UPDATE member SET email = $3, first_name = $4, last_name = $5, phone_number = $6, mobile_number = $7
        WHERE uuid = $1 AND client_uuid = $2
        RETURNING email, first_name, last_name, phone_number, mobile_number`,
      [
        session.memberUuid,
        session.clientUuid,
        body.email,
        body.firstName,
        body.lastName,
        body.phoneNumber,
        body.mobileNumber,
      ],
    );
    const row = rows[0];
    if (!row) throw new ApiHttpError(404, 'Member.NotFound');
    return {
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phoneNumber: row.phone_number,
      mobileNumber: row.mobile_number,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.profileReadSetting, async ({ session }) => readSetting(db, session.memberUuid));

  registerEndpoint(app, db, ENDPOINTS.profileUpdateSetting, async ({ body, session }) => {
    await db.query('UPDATE member SET theme = $2, language = $3 WHERE uuid = $1 AND client_uuid = $4', [
      session.memberUuid,
      body.frontendStyle.theme,
      body.languageCode,
      session.clientUuid,
    ]);
    return readSetting(db, session.memberUuid);
  });
}

async function readSetting(db: Database, memberUuid: string): Promise<ProfileSetting> {
  const rows = await db.query<{ theme: 'light' | 'dark' | null; language: 'de_DE' | 'en_GB' }>(
    'SELECT theme, language FROM member WHERE uuid = $1',
    [memberUuid],
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Member.NotFound');
  return {
    frontendStyle: { theme: row.theme },
    languageCode: row.language,
    availableLanguages: [...LANGUAGES],
  };
}
