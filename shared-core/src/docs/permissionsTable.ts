import { AREAS, audienceOf } from '../areas';
import {
  LICENSEE_PERMISSIONS,
  LICENSEE_ROLE_PERMISSIONS,
  LICENSEE_ROLES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
} from '../permissions';

/** docs/permissions.md: which role holds which permission, and which permissions open which area. */
export function renderPermissionsMarkdown(): string {
  const header = `| permission | ${ROLES.join(' | ')} |`;
  const divider = `| --- | ${ROLES.map(() => ':---:').join(' | ')} |`;
  const rows = PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${ROLES.map((role) => (ROLE_PERMISSIONS[role].includes(permission) ? '✓' : '')).join(' | ')} |`,
  );
  const licenseeHeader = `| permission | ${LICENSEE_ROLES.join(' | ')} |`;
  const licenseeDivider = `| --- | ${LICENSEE_ROLES.map(() => ':---:').join(' | ')} |`;
  const licenseeRows = LICENSEE_PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${LICENSEE_ROLES.map((role) => (LICENSEE_ROLE_PERMISSIONS[role].includes(permission) ? '✓' : '')).join(' | ')} |`,
  );
  const areas = AREAS.map(
    (area) =>
      `| ${area.name} | ${area.public ? 'everyone' : audienceOf(area) === 'licensee' ? 'licensee staff' : "clients' members"} | ${area.public ? 'public (sign-in pages)' : area.permissions.length ? area.permissions.map((p) => `\`${p}\``).join(', ') : 'any signed-in member'} | ${area.featureFlag ? `\`${area.featureFlag}\`` : '–'} |`,
  );
  return [
    '# Roles and permissions',
    '',
    'Generated from `shared-core/src/permissions.ts` and `shared-core/src/areas.ts` by `npm run docs`; do not edit by hand.',
    'A requirement passes when the member holds any one of the listed permissions. `dashboard.signed-in` is added for every',
    'signed-in member. A customer adviser (`user`) acts with admin rights through the support login only.',
    'Company settings: admins (and customer advisers) read and change the master data (`clientdetails.*-details`);',
    "the configuration (support login, its audit, calendar link: `clientdetails.*-configuration`) is the super-admin's alone.",
    '',
    header,
    divider,
    ...rows,
    '',
    '## Licensee staff (licensee console)',
    '',
    "A licensee's own staff sign in at `/auth/licensee` and hold only these permissions, which no member role holds; a",
    "licensee session cannot call a client member's API, nor a member session the licensee console's.",
    '',
    licenseeHeader,
    licenseeDivider,
    ...licenseeRows,
    '',
    '## Which areas a member downloads',
    '',
    'The shell loads an area (Module Federation remote) only for its kind of session, when the signed-in person may',
    'open it and its feature flag is on.',
    '',
    '| area | for | needs any of | feature flag |',
    '| --- | --- | --- | --- |',
    ...areas,
    '',
  ].join('\n');
}
