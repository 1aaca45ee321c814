import { maxDate, minDate, required, type ValidationError } from '@dash/shared-core';
import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import german from '../../../shared-core/src/i18n/locales/de_DE.json';
import english from '../../../shared-core/src/i18n/locales/en_GB.json';
import { validationMessage } from './validationMessage';

const i18n = createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'de_DE',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: { de_DE: { common: german }, en_GB: { common: english } },
  });
});

function message(error: ValidationError | null, language: string) {
  if (!error) throw new Error('the rule passed');
  return validationMessage(i18n.getFixedT(language, 'common'), error, 'Fällig', language);
}

describe('validation messages', () => {
  it('name the earliest and latest date as the pages show dates, in German', () => {
    expect(message(minDate('2027-03-01')('2027-02-28'), 'de_DE')).toBe(
      'Das Datum darf nicht vor dem 01.03.2027 liegen.',
    );
    expect(message(maxDate('2026-12-31')('2027-01-01'), 'de_DE')).toBe(
      'Das Datum darf nicht nach dem 31.12.2026 liegen.',
    );
  });

  it('and in English', () => {
    expect(message(minDate('2027-03-01')('2027-02-28'), 'en_GB')).toBe('The date must not be before 1 Mar 2027.');
  });

  it('keep the other parameters as they are', () => {
    expect(message(required(''), 'de_DE')).toBe('Das Feld "Fällig" ist erforderlich');
  });
});
