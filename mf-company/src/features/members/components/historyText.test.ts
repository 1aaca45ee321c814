import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import common_de from '../../../../../shared-core/src/i18n/locales/de_DE.json';
import common_en from '../../../../../shared-core/src/i18n/locales/en_GB.json';
import company_de from '../../../i18n/de_DE';
import company_en from '../../../i18n/en_GB';
import { actorText, describeEntry, type Translate } from './historyText';

// The real texts of both languages: a missing or raw key shows in these expectations.
const i18n = i18next.createInstance();
let de: Translate;
let en: Translate;
beforeAll(async () => {
  await i18n.init({
    lng: 'de_DE',
    fallbackLng: false,
    ns: ['common', 'company'],
    defaultNS: 'company',
    interpolation: { escapeValue: false },
    resources: {
      de_DE: { common: common_de, company: company_de },
      en_GB: { common: common_en, company: company_en },
    },
  });
  de = i18n.getFixedT('de_DE', 'company') as unknown as Translate;
  en = i18n.getFixedT('en_GB', 'company') as unknown as Translate;
});

const lines = (text: ReturnType<typeof describeEntry>) =>
  text.lines.map((line) =>
    line.before === null ? `${line.label}: ${line.after}` : `${line.label}: ${line.before} → ${line.after}`,
  );

describe('describeEntry', () => {
  it('shows a change with translated labels and translated codes', () => {
    const entry = {
      action: 'member.update',
      before: { city: null, role: 'member', language: 'de_DE', status: 'active', gender: 'd' },
      after: { city: 'Köln', role: 'ou-admin', language: 'en_GB', status: 'inactive', gender: 'f' },
    };
    expect(describeEntry(entry, de, 'de-DE')).toEqual({
      summary: null,
      lines: expect.any(Array),
    });
    expect(lines(describeEntry(entry, de, 'de-DE'))).toEqual([
      'Ort: – → Köln',
      'Rolle: Mitarbeiter → Organisationseinheit-Administrator',
      'Sprache: Deutsch → English',
      'Status: Aktiv → Inaktiv',
      'Geschlecht: divers → weiblich',
    ]);
    expect(lines(describeEntry(entry, en, 'en-GB'))).toEqual([
      'Town/city: – → Köln',
      'Role: Member of staff → Org unit administrator',
      'Language: Deutsch → English',
      'Status: Active → Inactive',
      'Gender: diverse → female',
    ]);
  });

  it('translates special attributes, switches, countries and dates', () => {
    const entry = {
      action: 'member.update',
      before: { specialAttributes: [], createElearningTasks: true, country: 'DE', birthDate: null },
      after: {
        specialAttributes: ['pregnant', 'underage'],
        createElearningTasks: false,
        country: 'AT',
        birthDate: '1990-03-01',
      },
    };
    expect(lines(describeEntry(entry, de, 'de-DE'))).toEqual([
      'Besondere Merkmale: – → Schwanger, Minderjährig',
      'E-Learning-Aufgaben anlegen: Ja → Nein',
      'Land: Deutschland → Österreich',
      'Geburtsdatum: – → 01.03.1990',
    ]);
    expect(lines(describeEntry(entry, en, 'en-GB'))).toEqual([
      'Special attributes: – → Pregnant, Under age',
      'Create e-learning tasks: Yes → No',
      'Country: Germany → Austria',
      'Date of birth: – → 1 Mar 1990',
    ]);
  });

  it('sums up a new member instead of listing every field', () => {
    const entry = {
      action: 'member.create',
      before: null,
      after: {
        firstName: 'Jürgen',
        lastName: 'Öztürk',
        city: 'Köln',
        role: 'loc-admin',
        orgUnits: ['Montage', 'Produktion'],
        locations: [],
        passwordMode: 'byEmail',
      },
    };
    const german = describeEntry(entry, de, 'de-DE');
    expect(german.summary).toBe('Als Standort-Administrator angelegt');
    expect(lines(german)).toEqual([
      'Passwort: Per E-Mail – der Mitarbeiter legt es selbst fest',
      'Organisationseinheiten: Montage, Produktion',
    ]);
    const english = describeEntry(entry, en, 'en-GB');
    expect(english.summary).toBe('Added as Location administrator');
    expect(lines(english)).toEqual(['Password: By e-mail – the member chooses it', 'Org units: Montage, Produktion']);
  });

  it('says what archive, restore, delete and the membership events mean', () => {
    const say = (
      t: Translate,
      action: string,
      before: Record<string, unknown> | null,
      after: Record<string, unknown> | null,
    ) => describeEntry({ action, before, after }, t, 'de-DE');
    expect(say(de, 'member.archive', { archivedAt: null }, { archivedAt: '2026-01-01T10:00:00Z' })).toEqual({
      summary: 'Archiviert: kann sich nicht mehr anmelden',
      lines: [],
    });
    expect(say(en, 'member.unarchive', { archivedAt: '2026-01-01T10:00:00Z' }, { archivedAt: null }).summary).toBe(
      'Restored from the archive with the previous assignments',
    );
    expect(say(de, 'member.delete', null, null).summary).toBe('Endgültig gelöscht: persönliche Daten entfernt');
    expect(say(en, 'member.reset-password', null, { mode: 'noPassword' }).summary).toBe(
      'Password e-mail sent (bulk reset: Members without a password)',
    );
    expect(say(de, 'org-unit.add-member', null, { orgUnit: 'Montage' }).summary).toBe(
      'Zur Organisationseinheit Montage hinzugefügt',
    );
    expect(say(en, 'org-unit.remove-member', { orgUnit: 'Montage' }, null).summary).toBe(
      'Removed from the org unit Montage',
    );
    expect(say(de, 'member-group.add-member', null, { group: 'Ersthelfer' }).summary).toBe(
      'Zur Gruppe Ersthelfer hinzugefügt',
    );
    expect(say(en, 'org-unit.add-responsible', null, { orgUnit: 'Lager' }).summary).toBe(
      'Made responsible person of the org unit Lager',
    );
  });

  it('shows assignment changes and keys it does not know yet as they are', () => {
    const entry = {
      action: 'member.update-assignments',
      before: { orgUnits: ['Montage'], locations: [] },
      after: { orgUnits: [], locations: ['Werk Nord'], floor: 3 },
    };
    expect(lines(describeEntry(entry, en, 'en-GB'))).toEqual([
      'Org units: Montage → –',
      'Locations: – → Werk Nord',
      'floor: – → 3',
    ]);
  });
});

describe('actorText', () => {
  it('names the actor, the customer adviser of a support session, and a deleted actor', () => {
    expect(actorText({ actorName: 'Arne Adler', supportAdviser: null }, de)).toBe('Arne Adler');
    expect(actorText({ actorName: 'Arne Adler', supportAdviser: 'Sam Support' }, de)).toBe(
      'Arne Adler (durch Kundenberater Sam Support)',
    );
    expect(actorText({ actorName: 'Arne Adler', supportAdviser: 'Sam Support' }, en)).toBe(
      'Arne Adler (by customer adviser Sam Support)',
    );
    expect(actorText({ actorName: '', supportAdviser: null }, en)).toBe('Deleted member');
  });
});
