import {
  CLIENT_DETAILS_LIMITS,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FeatureFlags,
  httpUrl,
  type LicenseeClientFields,
  MAX_MEMBER_LIMIT,
  max,
  maxLength,
  min,
  numeric,
  OFFERED_COUNTRIES,
  type Rule,
} from '@dash/shared-core';
import { zipcode } from '@dash/shared-core/postal';
import { CheckboxField, type FieldRules, SelectField, TextField } from '@dash/shared-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The master data and licence fields of a client, as the form holds them (text). */
export type ClientFieldValues = {
  name: string;
  street: string;
  additional: string;
  postalCode: string;
  city: string;
  country: string;
  homepage: string;
  maxMembers: string;
};

export const EMPTY_CLIENT_FIELDS: ClientFieldValues = {
  name: '',
  street: '',
  additional: '',
  postalCode: '',
  city: '',
  country: 'DE',
  homepage: '',
  maxMembers: '',
};

/** Spec section 3: the defaults of a new client's switches. */
export const DEFAULT_FLAGS: FeatureFlags = {
  elearnings: false,
  riskAssessments: false,
  templates: true,
  calendar: false,
};

/** The rules of the fields; the postal code is checked against the country chosen now (`country()`). */
export function clientFieldRules(country: () => string): Record<keyof ClientFieldValues, FieldRules> {
  return {
    name: { required: true, rules: [maxLength(CLIENT_DETAILS_LIMITS.nameMaxLength)] },
    street: { rules: [maxLength(CLIENT_DETAILS_LIMITS.streetMaxLength)] },
    additional: { rules: [maxLength(CLIENT_DETAILS_LIMITS.additionalMaxLength)] },
    postalCode: { rules: [maxLength(CLIENT_DETAILS_LIMITS.postalCodeMaxLength), zipcode(country)] },
    city: { rules: [maxLength(CLIENT_DETAILS_LIMITS.cityMaxLength)] },
    country: { required: true },
    homepage: { rules: [httpUrl] },
    maxMembers: { rules: [numeric, min(1), max(MAX_MEMBER_LIMIT)] },
  };
}

/** What the contract takes from the form's text values and the switches. */
export function toClientFields(values: ClientFieldValues, flags: FeatureFlags): LicenseeClientFields {
  return {
    name: values.name,
    street: values.street,
    additional: values.additional,
    postalCode: values.postalCode,
    city: values.city,
    country: OFFERED_COUNTRIES.find((code) => code === values.country) ?? 'DE',
    homepage: values.homepage,
    maxMembers: values.maxMembers.trim() === '' ? null : Number(values.maxMembers),
    featureFlags: flags,
  };
}

export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language.replace('_', '-')], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The props `useForm(...).field(name)` gives a field. */
interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  rules: Rule[];
  showErrors: boolean;
  name: string;
}

/**
 * Name, homepage and address: the company's master data (the company settings' fields). `identifier` (the company ID
 * of a new client) stands beside the homepage, right below the name.
 */
export function MasterDataFields({
  field,
  identifier,
}: {
  field: (name: keyof ClientFieldValues) => FieldProps;
  identifier?: ReactNode;
}) {
  const { t, i18n } = useTranslation('licensee');
  return (
    <>
      <div className="licensee-form__wide">
        <TextField label={t('fields.name')} {...field('name')} autoComplete="off" />
      </div>
      {identifier}
      <TextField label={t('fields.homepage')} type="url" {...field('homepage')} autoComplete="off" />
      <TextField label={t('fields.street')} {...field('street')} autoComplete="off" />
      <TextField label={t('fields.additional')} {...field('additional')} autoComplete="off" />
      <TextField label={t('fields.postalCode')} {...field('postalCode')} autoComplete="off" />
      <TextField label={t('fields.city')} {...field('city')} autoComplete="off" />
      <SelectField
        label={t('fields.country')}
        {...field('country')}
        options={OFFERED_COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
      />
    </>
  );
}

/** The member limit (empty: none) and the four switches of the client's areas. */
export function LicenceFields({
  field,
  flags,
  onFlagChange,
}: {
  field: (name: keyof ClientFieldValues) => FieldProps;
  flags: FeatureFlags;
  onFlagChange: (flag: FeatureFlag, on: boolean) => void;
}) {
  const { t } = useTranslation('licensee');
  return (
    <>
      <TextField
        label={t('fields.maxMembers')}
        inputMode="numeric"
        {...field('maxMembers')}
        aria-describedby="licensee-max-members-hint"
      />
      <p id="licensee-max-members-hint" className="licensee-hint">
        {t('fields.maxMembersHint')}
      </p>
      <fieldset className="licensee-flags licensee-form__wide">
        <legend>{t('fields.featureFlags')}</legend>
        {FEATURE_FLAGS.map((flag) => (
          <CheckboxField
            key={flag}
            name={`flag-${flag}`}
            label={t(`flags.${flag}`)}
            checked={flags[flag]}
            onChange={(on) => onFlagChange(flag, on)}
          />
        ))}
      </fieldset>
    </>
  );
}
