import { generateIdentifier, generateUsername, hashPassword } from '@dash/shared-core';
import type { Database, Queryable } from '../core/db/database';
import { hashPasswordForStorage } from '../modules/auth/passwords';
import { seedElearnings } from './elearnings';
import { logoSvg, moodSvg } from './images';
import { seedInstructions } from './instructions';
import { FIRST_NAMES as ALL_FIRST_NAMES, LAST_NAMES as ALL_LAST_NAMES } from './names';
import { seedRiskAssessments } from './riskAssessments';

/** Every demo account's password (CONTRACT.md "Demo data"). */
export const DEMO_PASSWORD = 'Safety#2026';

// The demo's members come from the first names of the shared lists (changing these counts changes every demo member).
const FIRST_NAMES = ALL_FIRST_NAMES.slice(0, 26);
const LAST_NAMES = ALL_LAST_NAMES.slice(0, 25);

/** The uuid of the first returned row; seeding stops loudly when an insert answered nothing. */
function uuidOf(rows: { uuid: string }[]): string {
  const row = rows[0];
  if (!row) throw new Error('Seed insert returned no row');
  return row.uuid;
}

/** Cycles through a list of names. */
function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

/** An org unit with its ID generated from the name, as the create dialog proposes it (spec section 5). */
async function insertOrgUnit(
  tx: Queryable,
  client: string,
  name: string,
  parent: string | null,
  root = false,
): Promise<string> {
  const rows = await tx.query<{ uuid: string }>(
    `INSERT INTO org_unit (client_uuid, name, identifier, parent_uuid, is_root, is_default)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING uuid`,
    [client, name, generateIdentifier(name), parent, root],
  );
  return uuidOf(rows);
}

async function insertFile(tx: Queryable, type: string, filename: string, svg: string): Promise<string> {
  const rows = await tx.query<{ uuid: string }>(
    `INSERT INTO file (context, type, filename, content_type, content) VALUES ('licensee', $1, $2, 'image/svg+xml', $3) RETURNING uuid`,
    [type, filename, Buffer.from(svg, 'utf8')],
  );
  return uuidOf(rows);
}

interface LicenseeSeed {
  identifier: string;
  name: string;
  hostNames: string[];
  isDefault: boolean;
  whitelabel: boolean;
  colours: { light: [string, string, string | null]; dark: [string, string, string | null] };
  mood: [string, string];
  copyright: string;
  footer: { licenseeLink: string; legalNoticeLink: string; dataProtectionLink: string };
  supportChatKey: string | null;
  /** Appended to every SMS the licensee's clients send (licensee.notification_footer_sms). */
  smsFooter: string;
}

async function insertLicensee(tx: Queryable, seed: LicenseeSeed): Promise<string> {
  const logo = await insertFile(tx, 'logo', 'logo.svg', logoSvg(seed.name, seed.colours.light[0]));
  const mood = await insertFile(tx, 'mood', 'mood.svg', moodSvg(...seed.mood));
  const theme = {
    light: { primary: seed.colours.light[0], contrast: seed.colours.light[1], highlight: seed.colours.light[2] },
    dark: { primary: seed.colours.dark[0], contrast: seed.colours.dark[1], highlight: seed.colours.dark[2] },
  };
  const rows = await tx.query<{ uuid: string }>(
    `INSERT INTO licensee (identifier, name, is_default, is_whitelabel_partner, mood_image_copyright, theme,
                           footer, logo_file_uuid, mood_file_uuid, support_chat_key, notification_footer_email,
                           external_calendar_href, notification_footer_sms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING uuid`,
    [
      seed.identifier,
      seed.name,
      seed.isDefault,
      seed.whitelabel,
      seed.copyright,
      JSON.stringify(theme),
      JSON.stringify(seed.footer),
      logo,
      mood,
      seed.supportChatKey,
      `${seed.name} · ${seed.footer.licenseeLink}`,
      'https://calendar.example.com/safety',
      seed.smsFooter,
    ],
  );
  const uuid = uuidOf(rows);
  // Its domains (licensee console), in this order: a white-label licensee's mails link to the first.
  await tx.query(
    'INSERT INTO licensee_domain (host_name, licensee_uuid) SELECT h, $2 FROM unnest($1::text[]) WITH ORDINALITY AS x (h, n) ORDER BY n',
    [seed.hostNames, uuid],
  );
  return uuid;
}

interface ClientSeed {
  identifier: string;
  name: string;
  licensee: string;
  elearnings: boolean;
  riskAssessments: boolean;
  calendar?: boolean;
  city: string;
  postalCode: string;
  street: string;
}

async function insertClient(tx: Queryable, seed: ClientSeed): Promise<string> {
  const rows = await tx.query<{ uuid: string }>(
    `INSERT INTO client (licensee_uuid, identifier, name, street, postal_code, city, country, homepage,
                         feature_elearnings, feature_risk_assessments, feature_calendar)
     VALUES ($1, $2, $3, $4, $5, $6, 'DE', $7, $8, $9, $10) RETURNING uuid`,
    [
      seed.licensee,
      seed.identifier,
      seed.name,
      seed.street,
      seed.postalCode,
      seed.city,
      `https://www.${seed.identifier}.example`,
      seed.elearnings,
      seed.riskAssessments,
      seed.calendar ?? false,
    ],
  );
  return uuidOf(rows);
}

interface MemberSeed {
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  passwordHash: string | null;
  status?: 'active' | 'inactive';
  archived?: boolean;
  lastLoginDaysAgo?: number | null;
  language?: 'de_DE' | 'en_GB';
}

/**
 * Every demo member gets a phone number of his own (the infopoint lists whom to call: one number shared by all would
 * look like a fault), every second one a mobile number too. Numbered by the members inserted before him. The members
 * go in by one statement (the member table's statement triggers then run once, not per member: start-up time).
 */
async function insertMembers(tx: Queryable, client: string, seeds: MemberSeed[], domain: string): Promise<string[]> {
  const column = <T>(read: (seed: MemberSeed) => T) => seeds.map(read);
  await tx.query(
    `INSERT INTO member (client_uuid, username, password_hash, role, email, first_name, last_name, status, archived_at,
                         last_login_at, language, phone_number, mobile_number)
     SELECT $1, s.username, s.password_hash, s.role, s.email, s.first_name, s.last_name, s.status,
            CASE WHEN s.archived THEN now() - interval '30 days' END,
            CASE WHEN s.days IS NULL THEN NULL ELSE now() - make_interval(days => s.days) END, s.language,
            '+49 30 2809 ' || lpad((numbering.base + s.ord)::text, 4, '0'),
            CASE WHEN (numbering.base + s.ord) % 2 = 0
                 THEN '+49 151 2809 ' || lpad((numbering.base + s.ord)::text, 4, '0') END
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[],
                   $10::int[], $11::text[]) WITH ORDINALITY
              AS s(username, password_hash, role, email, first_name, last_name, status, archived, days, language, ord),
            (SELECT count(*) AS base FROM member) AS numbering
      ORDER BY s.ord`,
    [
      client,
      column((seed) => seed.username),
      column((seed) => seed.passwordHash),
      column((seed) => seed.role),
      column((seed) => `${seed.username}@${domain}`),
      column((seed) => seed.firstName),
      column((seed) => seed.lastName),
      column((seed) => seed.status ?? 'active'),
      column((seed) => seed.archived ?? false),
      column((seed) => seed.lastLoginDaysAgo ?? null),
      column((seed) => seed.language ?? 'de_DE'),
    ],
  );
  const rows = await tx.query<{ uuid: string; username: string }>(
    'SELECT uuid, username FROM member WHERE client_uuid = $1 AND username = ANY($2::text[])',
    [client, column((seed) => seed.username)],
  );
  const uuids = new Map(rows.map((row) => [row.username, row.uuid]));
  return seeds.map((seed) => {
    const uuid = uuids.get(seed.username);
    if (!uuid) throw new Error(`demo member ${seed.username} was not inserted`);
    return uuid;
  });
}

async function insertMember(tx: Queryable, client: string, seed: MemberSeed, domain: string): Promise<string> {
  const [uuid] = await insertMembers(tx, client, [seed], domain);
  return uuid as string;
}

/**
 * Rows of a link table (`table (columns)`: uuids, a boolean) by one statement, in the order given; one statement
 * fires the table's statement triggers once.
 */
async function insertLinks(
  tx: Queryable,
  table: string,
  rows: ReadonlyArray<ReadonlyArray<string | boolean | undefined>>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = first.map((_, at) => rows.map((row) => row[at]));
  const types = first.map((value) => (typeof value === 'boolean' ? 'boolean[]' : 'uuid[]'));
  await tx.query(
    `INSERT INTO ${table} SELECT * FROM unnest(${types.map((type, at) => `$${at + 1}::${type}`).join(', ')})`,
    columns,
  );
}

/** Seeds the demo data of CONTRACT.md into an empty database; does nothing when a licensee exists already. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM licensee LIMIT 1');
  if (existing.length > 0) return false;
  const clientSideHash = hashPassword(DEMO_PASSWORD);
  // Named accounts get their own salt. The generated staff share one stored hash: computing 40 scrypt hashes
  // would add seconds to every first start and test run, and these accounts exist only in demo data.
  const namedHashes = await Promise.all(Array.from({ length: 7 }, () => hashPasswordForStorage(clientSideHash)));
  const sharedHash = await hashPasswordForStorage(clientSideHash);

  await db.transaction(async (tx) => {
    const dashboard = await insertLicensee(tx, {
      identifier: 'dashboard',
      name: 'Dashboard',
      hostNames: ['localhost', '127.0.0.1'],
      isDefault: true,
      whitelabel: false,
      colours: { light: ['#3b3b3b', '#ffffff', '#0b6bcb'], dark: ['#b9b9b9', '#000000', '#7cb9ff'] },
      mood: ['#3b3b3b', '#0b6bcb'],
      copyright: 'Foto: Dashboard GmbH',
      footer: {
        licenseeLink: 'https://dashboard.example.com',
        legalNoticeLink: 'https://dashboard.example.com/impressum',
        dataProtectionLink: 'https://dashboard.example.com/datenschutz',
      },
      supportChatKey: null,
      smsFooter: 'Dashboard GmbH · Hilfe/Help: dashboard.example.com/hilfe',
    });
    const partner = await insertLicensee(tx, {
      identifier: 'safeguard',
      name: 'SafeGuard Partners',
      hostNames: ['partner.localhost'],
      isDefault: false,
      whitelabel: true,
      colours: { light: ['#00695c', '#ffffff', '#ff8f00'], dark: ['#4db6ac', '#000000', '#ffb74d'] },
      mood: ['#004d40', '#26a69a'],
      copyright: 'Photo: SafeGuard Partners Ltd',
      footer: {
        licenseeLink: 'https://safeguard.example.com',
        legalNoticeLink: 'https://safeguard.example.com/legal',
        dataProtectionLink: 'https://safeguard.example.com/privacy',
      },
      supportChatKey: 'safeguard-demo-chat',
      smsFooter: 'SafeGuard Partners Ltd · Help: safeguard.example.com/help',
    });

    // --- the licensees' own staff (licensee console, /auth/licensee) ------------------------------------
    // A licensee admin and a customer adviser for each licensee; they share the named accounts' stored hashes.
    for (const [index, [licensee, staff]] of (
      [
        [dashboard, ['lizenz.admin', 'Lena', 'Lizenz', 'licensee-admin', 'de_DE']],
        [dashboard, ['berater', 'Bernd', 'Berater', 'support-adviser', 'de_DE']],
        [partner, ['partner.admin', 'Paula', 'Partner', 'licensee-admin', 'en_GB']],
        [partner, ['adviser', 'Adam', 'Adviser', 'support-adviser', 'en_GB']],
      ] as const
    ).entries()) {
      const [username, firstName, lastName, role, language] = staff;
      const domain = licensee === dashboard ? 'dashboard.example.com' : 'safeguard.example.com';
      await tx.query(
        `INSERT INTO licensee_staff (licensee_uuid, username, password_hash, role, email, first_name, last_name, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [licensee, username, pick(namedHashes, index), role, `${username}@${domain}`, firstName, lastName, language],
      );
    }

    // --- acme: both apps, full structure -------------------------------------------------------------
    const acme = await insertClient(tx, {
      identifier: 'acme',
      name: 'ACME Sicherheit GmbH',
      licensee: dashboard,
      elearnings: true,
      riskAssessments: true,
      calendar: true,
      street: 'Industriestraße 12',
      postalCode: '10115',
      city: 'Berlin',
    });
    const named = [
      { username: 'super.admin', firstName: 'Sabine', lastName: 'Admiral', role: 'super-admin' },
      { username: 'admin', firstName: 'Arne', lastName: 'Adler', role: 'admin' },
      { username: 'ou.admin', firstName: 'Olivia', lastName: 'Oberholz', role: 'ou-admin' },
      { username: 'loc.admin', firstName: 'Lars', lastName: 'Lindner', role: 'loc-admin' },
      { username: 'member', firstName: 'Mara', lastName: 'Mitarbeiter', role: 'member' },
    ];
    const namedUuids = await insertMembers(
      tx,
      acme,
      named.map((account, index) => ({ ...account, passwordHash: pick(namedHashes, index), lastLoginDaysAgo: index })),
      'acme.example',
    );
    const acmeNamed: Record<string, string> = Object.fromEntries(
      named.map((account, index) => [account.username, namedUuids[index] as string]),
    );
    const staffSeeds = Array.from({ length: 44 }, (_, index): MemberSeed => {
      const firstName = pick(FIRST_NAMES, index);
      const lastName = pick(LAST_NAMES, index * 7);
      // The rule the import and the member form use (spec section 5), numbered once the first names repeat.
      const username = `${generateUsername(firstName, lastName)}${index >= FIRST_NAMES.length ? index : ''}`;
      return {
        username,
        firstName,
        lastName,
        role: 'member',
        passwordHash: sharedHash,
        status: index % 11 === 10 ? 'inactive' : 'active',
        archived: index >= 41,
        lastLoginDaysAgo: index % 5 === 4 ? null : index % 30,
        language: index % 4 === 0 ? 'en_GB' : 'de_DE',
      };
    });
    const staff = await insertMembers(tx, acme, staffSeeds, 'acme.example');
    const everyone = [...Object.values(acmeNamed), ...staff];

    const locations: string[] = [];
    for (const [name, street, postalCode, city, type, space] of [
      ['Zentrale Berlin', 'Friedrichstraße 120', '10117', 'Berlin', 'headquarters', 2400],
      ['Werk Hamburg', 'Hafenstraße 12', '20457', 'Hamburg', 'branch', 5200],
      ['Lager München', 'Lagerweg 5', '81829', 'München', 'branch', 3100],
      ['Büro Wien', 'Mariahilfer Straße 88', '1070', 'Wien', 'branch', 420],
    ] as const) {
      const rows = await tx.query<{ uuid: string }>(
        `INSERT INTO location (client_uuid, name, street, postal_code, city, country_code, location_type, floor_space)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING uuid`,
        [acme, name, street, postalCode, city, city === 'Wien' ? 'AT' : 'DE', type, space],
      );
      locations.push(uuidOf(rows));
    }
    // Every location has a responsible person: the head office the super-admin, the branches in Germany the admin,
    // Vienna loc.admin (the loc-admin's one location). Staff are spread over the locations.
    const responsibleFor = [acmeNamed['super.admin'], acmeNamed.admin, acmeNamed.admin, acmeNamed['loc.admin']];
    const based = everyone.map((member, index) => {
      const location = index % locations.length;
      return [locations[location], member, member === responsibleFor[location]] as const;
    });
    // The admin is responsible for Munich too, where he is not based.
    await insertLinks(tx, 'location_member (location_uuid, member_uuid, responsible)', [
      ...based,
      [locations[2], acmeNamed.admin, true],
    ]);

    const root = await insertOrgUnit(tx, acme, 'ACME Sicherheit GmbH', null, true);
    const units: string[] = [];
    for (const name of ['Produktion', 'Logistik', 'Verwaltung', 'Vertrieb']) {
      units.push(await insertOrgUnit(tx, acme, name, root));
    }
    // The root is the default unit: it holds everybody without rows of its own (migration 006).
    await insertLinks(
      tx,
      'org_unit_member (org_unit_uuid, member_uuid)',
      everyone.map((member, index) => [units[index % units.length], member]),
    );
    // The departments' teams, a level below (Montage one more): staff belong to their department and one team.
    const teams: Array<{ uuid: string; department: number }> = [];
    const insertUnit = (name: string, parent: string) => insertOrgUnit(tx, acme, name, parent);
    for (const [department, names] of [
      [0, ['Montage', 'Lackiererei']],
      [1, ['Wareneingang', 'Versand']],
      [2, ['Personal', 'Finanzen']],
    ] as const) {
      for (const name of names) teams.push({ uuid: await insertUnit(name, units[department] as string), department });
    }
    const finalAssembly = await insertUnit('Endmontage', teams[0]?.uuid as string);
    const inTeams: Array<[string, string]> = [];
    for (const [index, member] of staff.entries()) {
      const department = (index + named.length) % units.length;
      const ownTeams = teams.filter((team) => team.department === department);
      const team = ownTeams[Math.floor(index / units.length) % 2] ?? ownTeams[0];
      if (team) inTeams.push([team.uuid, member]);
      if (team?.uuid === teams[0]?.uuid && index % 3 === 0) inTeams.push([finalAssembly, member]);
    }
    await insertLinks(tx, 'org_unit_member (org_unit_uuid, member_uuid)', inTeams);
    // ou.admin administers Produktion and Logistik; the admins administer the root and the teams.
    await tx.query('INSERT INTO org_unit_admin (org_unit_uuid, member_uuid) VALUES ($1, $3), ($2, $3), ($4, $5)', [
      units[0],
      units[1],
      acmeNamed['ou.admin'],
      root,
      acmeNamed.admin,
    ]);
    for (const [index, team] of [...teams.map((item) => item.uuid), finalAssembly].entries()) {
      await tx.query('INSERT INTO org_unit_admin (org_unit_uuid, member_uuid) VALUES ($1, $2)', [
        team,
        index % 2 === 0 ? acmeNamed.admin : acmeNamed['super.admin'],
      ]);
    }
    await tx.query('INSERT INTO org_unit_admin (org_unit_uuid, member_uuid) VALUES ($1, $2), ($3, $2)', [
      units[2],
      acmeNamed['super.admin'],
      units[3],
    ]);

    const groupTypes = [
      ['Betriebsärzte', 'medical-officer'],
      ['Ersthelfer', 'first-aid'],
      ['Brandschutzbeauftragte', 'fire-marshall'],
      ['Brandschutzhelfer', 'fire-assistent'],
      ['Fachkräfte für Arbeitssicherheit', 'health-safety-officer'],
      ['Betriebsrat', 'work-council'],
    ] as const;
    for (const [index, [name, type]] of groupTypes.entries()) {
      const group = uuidOf(
        await tx.query<{ uuid: string }>(
          'INSERT INTO member_group (client_uuid, name, type) VALUES ($1, $2, $3) RETURNING uuid',
          [acme, name, type],
        ),
      );
      await insertLinks(
        tx,
        'member_group_member (member_group_uuid, member_uuid)',
        staff.slice(index * 3, index * 3 + 3).map((member) => [group, member]),
      );
    }

    await seedRiskAssessments(tx, {
      client: acme,
      units: Object.fromEntries(
        ['Produktion', 'Logistik', 'Verwaltung', 'Vertrieb'].map((name, i) => [name, units[i] as string]),
      ),
      locations: Object.fromEntries(
        ['Zentrale Berlin', 'Werk Hamburg', 'Lager München', 'Büro Wien'].map((name, i) => [
          name,
          locations[i] as string,
        ]),
      ),
      staff,
    });
    await seedInstructions(tx, {
      client: acme,
      instructor: acmeNamed.admin as string,
      warehouse: locations[2] as string,
      everyone: root,
    });

    // --- globex: e-learnings only --------------------------------------------------------------------
    const globex = await insertClient(tx, {
      identifier: 'globex',
      name: 'Globex Logistik AG',
      licensee: dashboard,
      elearnings: true,
      riskAssessments: false,
      street: 'Hafenweg 3',
      postalCode: '20457',
      city: 'Hamburg',
    });
    await insertMember(
      tx,
      globex,
      { username: 'admin', firstName: 'Gerda', lastName: 'Globus', role: 'admin', passwordHash: pick(namedHashes, 5) },
      'globex.example',
    );
    for (let index = 0; index < 8; index++) {
      await insertMember(
        tx,
        globex,
        {
          username: `fahrer${index + 1}`,
          firstName: pick(FIRST_NAMES, index + 5),
          lastName: pick(LAST_NAMES, index + 3),
          role: 'member',
          passwordHash: sharedHash,
        },
        'globex.example',
      );
    }
    await insertOrgUnit(tx, globex, 'Globex Logistik AG', null, true);
    await seedElearnings(tx, { acme, acmeRoot: root, acmeUnits: units, globex });

    // --- initech: a client of the white-label partner ------------------------------------------------
    const initech = await insertClient(tx, {
      identifier: 'initech',
      name: 'Initech Ltd',
      licensee: partner,
      elearnings: true,
      riskAssessments: true,
      street: 'Am Markt 1',
      postalCode: '50667',
      city: 'Köln',
    });
    await insertMember(
      tx,
      initech,
      {
        username: 'admin',
        firstName: 'Ivan',
        lastName: 'Initech',
        role: 'admin',
        passwordHash: pick(namedHashes, 6),
        language: 'en_GB',
      },
      'initech.example',
    );
    await insertOrgUnit(tx, initech, 'Initech Ltd', null, true);
  });
  return true;
}
