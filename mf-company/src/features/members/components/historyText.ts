import type { AuditEntry } from '@dash/shared-core';

/** i18next's `t` as far as the history needs it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One changed field: its translated label and the values before and after (null: the entry has no before). */
export interface ChangeLine {
  key: string;
  label: string;
  before: string | null;
  after: string;
}

export interface EntryText {
  /** What happened, in a sentence: "Added as Member", "Added to the org unit Produktion". */
  summary: string | null;
  lines: ChangeLine[];
}

/** Field key of the audit trail -> translation key of its label. */
const LABELS: Record<string, string> = {
  firstName: 'members.columns.firstName',
  lastName: 'members.columns.lastName',
  email: 'members.columns.email',
  username: 'members.columns.username',
  role: 'members.columns.role',
  status: 'members.columns.status',
  language: 'members.fields.language',
  phoneNumber: 'members.fields.phoneNumber',
  mobileNumber: 'members.fields.mobileNumber',
  specialAttributes: 'members.history.fields.specialAttributes',
  externalCompany: 'members.fields.externalCompany',
  gender: 'members.fields.gender',
  birthDate: 'members.fields.birthDate',
  street: 'members.fields.street',
  postalCode: 'members.fields.postalCode',
  city: 'members.fields.city',
  country: 'members.fields.country',
  createElearningTasks: 'members.fields.createElearningTasks',
  createRiskAssessmentTasks: 'members.fields.createRiskAssessmentTasks',
  orgUnits: 'members.tabs.orgUnits',
  locations: 'members.fields.locations',
  archivedAt: 'members.history.fields.archivedAt',
  passwordMode: 'members.add.password',
  orgUnit: 'members.history.fields.orgUnit',
  group: 'members.history.fields.group',
  location: 'members.history.fields.location',
};

/** Codes shown by their translation (role, status, language, gender, ...), per field. */
const CODES: Record<string, (code: string) => string> = {
  role: (code) => `common:roles.${code}`,
  status: (code) => `common:common.${code}`,
  language: (code) => `common:language.${code}`,
  gender: (code) => `members.gender.${code}`,
  specialAttributes: (code) => `members.fields.${code}`,
  passwordMode: (code) => `members.add.modes.${code}`,
};

const NONE = '–';

/** Formats the values of one field as a person reads them, in the page's language. */
export function fieldValue(key: string, value: unknown, t: Translate, locale: string): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (Array.isArray(value))
    return value.length ? value.map((item) => fieldValue(key, item, t, locale)).join(', ') : NONE;
  if (typeof value === 'boolean') return t(value ? 'common:common.yes' : 'common:common.no');
  const text = String(value);
  const code = CODES[key];
  if (code) return t(code(text), { defaultValue: text });
  if (key === 'country' && /^[A-Z]{2}$/.test(text)) {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(text) ?? text;
  }
  if (key === 'birthDate' && /^\d{4}-\d{2}-\d{2}$/.test(text)) {
    // A calendar date, not an instant: formatted in UTC so that no time zone moves it a day.
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(text));
  }
  if (key === 'archivedAt' && !Number.isNaN(Date.parse(text))) {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(text));
  }
  return text;
}

/** The field's label; a key the history does not know yet is shown as it is rather than hidden. */
export function fieldLabel(key: string, t: Translate): string {
  const label = LABELS[key];
  return label ? t(label) : key;
}

function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>, t: Translate, locale: string, keys?: string[]) {
  const all = keys ?? [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return all.map(
    (key): ChangeLine => ({
      key,
      label: fieldLabel(key, t),
      before: entry.before ? fieldValue(key, entry.before[key], t, locale) : null,
      after: fieldValue(key, entry.after?.[key], t, locale),
    }),
  );
}

const named = (record: Record<string, unknown> | null, key: string) =>
  typeof record?.[key] === 'string' ? (record[key] as string) : '';

/**
 * What one audit entry says, in words: a summary for the events of a member's life (added, archived, restored,
 * deleted, password mail, added to or removed from a unit or group) and the changed fields of the changes.
 */
export function describeEntry(
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
  t: Translate,
  locale: string,
): EntryText {
  const { before, after } = entry;
  switch (entry.action) {
    case 'member.create': {
      // The new member's every field is in the details tab: the history says how he came and where he belongs.
      const role = fieldValue('role', after?.role, t, locale);
      const extra = ['passwordMode', 'orgUnits', 'locations'].filter((key) => {
        const value = after?.[key];
        return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
      });
      return { summary: t('members.history.summary.create', { role }), lines: changeLines(entry, t, locale, extra) };
    }
    case 'member.archive':
      return { summary: t('members.history.summary.archive'), lines: [] };
    case 'member.unarchive':
      return { summary: t('members.history.summary.unarchive'), lines: [] };
    case 'member.delete':
      return { summary: t('members.history.summary.delete'), lines: [] };
    case 'member.reset-password': {
      const mode = named(after, 'mode');
      return {
        summary: t('members.history.summary.resetPassword', {
          mode: t(`members.reset.modes.${mode}`, { defaultValue: mode }),
        }),
        lines: [],
      };
    }
    case 'org-unit.add-member':
      return { summary: t('members.history.summary.addedToOrgUnit', { name: named(after, 'orgUnit') }), lines: [] };
    case 'org-unit.remove-member':
      return {
        summary: t('members.history.summary.removedFromOrgUnit', { name: named(before, 'orgUnit') }),
        lines: [],
      };
    case 'org-unit.add-responsible':
      return { summary: t('members.history.summary.responsibleAdded', { name: named(after, 'orgUnit') }), lines: [] };
    case 'org-unit.remove-responsible':
      return {
        summary: t('members.history.summary.responsibleRemoved', { name: named(before, 'orgUnit') }),
        lines: [],
      };
    case 'member-group.add-member':
      return { summary: t('members.history.summary.addedToGroup', { name: named(after, 'group') }), lines: [] };
    case 'member-group.remove-member':
      return { summary: t('members.history.summary.removedFromGroup', { name: named(before, 'group') }), lines: [] };
    default:
      return { summary: null, lines: changeLines(entry, t, locale) };
  }
}

/** Who made the change: the actor, and the customer adviser when it was made in a support session. */
export function actorText(entry: Pick<AuditEntry, 'actorName' | 'supportAdviser'>, t: Translate): string {
  const actor = entry.actorName || t('members.history.deletedActor');
  return entry.supportAdviser ? t('members.history.viaSupport', { actor, adviser: entry.supportAdviser }) : actor;
}
