import {
  CLIENT_DETAILS_LIMITS,
  DEFAULT_OFFERED_COUNTRIES,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FeatureFlags,
  httpUrl,
  type LicenseeClientFields,
  max,
  maxLength,
  min,
  numeric,
  OFFERED_COUNTRIES_MAX,
  type Rule,
} from '@dash/shared-core';
import { MAX_MEMBER_LIMIT } from '@dash/shared-core/calls';
import { ISO_COUNTRY_CODES, zipcode } from '@dash/shared-core/postal';
import { CheckboxField, type FieldRules, inlineErrorText, SelectField, TextField, useForm } from '@dash/shared-ui';
import { Dropdown } from '@dash/shared-ui/dropdown';
import { type ReactNode, useMemo, useRef, useState } from 'react';
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

/** A new client offers AT and DE (spec) until the licensee chooses others. */
export const DEFAULT_CLIENT_COUNTRIES: string[] = [...DEFAULT_OFFERED_COUNTRIES];

/** What the contract takes from the form's text values, the switches and the offered countries. */
export function toClientFields(
  values: ClientFieldValues,
  flags: FeatureFlags,
  offeredCountries: string[],
): LicenseeClientFields {
  return {
    name: values.name,
    street: values.street,
    additional: values.additional,
    postalCode: values.postalCode,
    city: values.city,
    country: values.country,
    homepage: values.homepage,
    maxMembers: values.maxMembers.trim() === '' ? null : Number(values.maxMembers),
    featureFlags: flags,
    offeredCountries,
  };
}

/**
 * The offered countries as the dropdown lists them: every assigned ISO 3166-1 code, named in the page's language and
 * sorted as it sorts (Intl.DisplayNames, as the client's own forms name them).
 */
export function countryItems(language: string): { value: string; label: string }[] {
  const collator = new Intl.Collator(language.replace('_', '-'));
  return ISO_COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, language) })).sort((left, right) =>
    collator.compare(left.label, right.label),
  );
}

/**
 * The country of the client's address after the offered countries changed: kept while it is still offered (or the
 * list is empty: the form then asks for one), else the first of the new list.
 */
export function countryAfterOfferChange(country: string, offered: readonly string[]): string {
  return offered.length === 0 || offered.includes(country) ? country : (offered[0] ?? country);
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
  offered,
}: {
  field: (name: keyof ClientFieldValues) => FieldProps;
  identifier?: ReactNode;
  /** The client's offered countries: the address's country is one of them (or the one it has). */
  offered: readonly string[];
}) {
  const { t, i18n } = useTranslation('licensee');
  const country = field('country');
  const codes = offered.includes(country.value) || country.value === '' ? offered : [...offered, country.value];
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
        {...country}
        options={codes.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
      />
    </>
  );
}

/**
 * The address countries the client's forms offer (company master data, locations, members): a multi-select of the
 * ISO countries, at most OFFERED_COUNTRIES_MAX, at least one (`showErrors`: after a submit was tried).
 */
export function OfferedCountriesField({
  value,
  onChange,
  showErrors,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  showErrors: boolean;
}) {
  const { t, i18n } = useTranslation('licensee');
  const items = useMemo(() => countryItems(i18n.language), [i18n.language]);
  const missing = showErrors && value.length === 0;
  return (
    <div className="licensee-form__wide" data-testid="offered-countries">
      <Dropdown
        id="licensee-offered-countries"
        label={t('fields.offeredCountries')}
        multiple
        max={OFFERED_COUNTRIES_MAX}
        items={items}
        value={value}
        onChange={onChange}
        placeholder={t('fields.offeredCountriesNone')}
      />
      <p className="licensee-hint">
        {value.length > 2
          ? value
              .map((code) => countryName(code, i18n.language))
              .sort(new Intl.Collator(i18n.language.replace('_', '-')).compare)
              .join(', ')
          : null}
        {value.length > 2 ? ' · ' : null}
        {t('fields.offeredCountriesHint', { max: OFFERED_COUNTRIES_MAX })}
      </p>
      {missing && (
        <p className="ui-field__error" role="alert">
          {t('fields.offeredCountriesRequired')}
        </p>
      )}
    </div>
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

/** What `ClientFormSections` needs of the form: the client's fields, the switches and the offered countries. */
export interface ClientSectionsState {
  field: (name: keyof ClientFieldValues) => FieldProps;
  submitted: boolean;
  country: string;
  setCountry: (country: string) => void;
  flags: FeatureFlags;
  setFlags: (update: (current: FeatureFlags) => FeatureFlags) => void;
  offered: string[];
  setOffered: (codes: string[]) => void;
}

/**
 * The state a client's form holds beside its text values (the switches and the offered countries) and the rules
 * of the client's fields, for a new client (`extraFields`: company ID, first super-admin) and an existing one.
 * `send` gets the values and what the contract takes of them.
 */
export function useClientForm<Values extends ClientFieldValues>(options: {
  initialValues: Values;
  initialFlags: FeatureFlags;
  initialOffered: string[];
  extraFields?: { [Name in Exclude<keyof Values, keyof ClientFieldValues>]?: FieldRules };
  send: (values: Values, client: LicenseeClientFields) => Promise<void>;
}) {
  const { initialValues, initialFlags, initialOffered, extraFields, send } = options;
  const { t } = useTranslation('licensee');
  const [flags, setFlags] = useState<FeatureFlags>(initialFlags);
  const [offered, setOffered] = useState<string[]>(initialOffered);
  // The postal code rule asks for the country chosen now, not the one of the render that made the rules.
  const country = useRef(initialValues.country);
  const fields = { ...clientFieldRules(() => country.current), ...extraFields } as {
    [Name in keyof Values]?: FieldRules;
  };
  const form = useForm<Values>({
    initialValues,
    fields,
    canSubmit: () => offered.length > 0,
    send: (values) => send(values, toClientFields(values, flags, offered)),
    errorText: (caught) => inlineErrorText(t, caught),
  });
  country.current = form.values.country;
  const sections: ClientSectionsState = {
    field: (name) => form.field(name),
    submitted: form.submitted,
    country: form.values.country,
    setCountry: form.set('country'),
    flags,
    setFlags,
    offered,
    setOffered,
  };
  return { form, sections };
}

/**
 * The two cards both client forms show: the company (master data, `identifier` below the name, offered countries)
 * and the licence (member limit, switches).
 */
export function ClientFormSections({ state, identifier }: { state: ClientSectionsState; identifier?: ReactNode }) {
  const { t } = useTranslation('licensee');
  const { field, submitted, country, setCountry, flags, setFlags, offered, setOffered } = state;
  return (
    <>
      <section className="ui-card">
        <h2>{t('create.company')}</h2>
        <div className="licensee-form">
          <MasterDataFields field={field} offered={offered} identifier={identifier} />
          <OfferedCountriesField
            value={offered}
            showErrors={submitted}
            onChange={(codes) => {
              setOffered(codes);
              setCountry(countryAfterOfferChange(country, codes));
            }}
          />
        </div>
      </section>
      <section className="ui-card">
        <h2>{t('create.licence')}</h2>
        <div className="licensee-form">
          <LicenceFields
            field={field}
            flags={flags}
            onFlagChange={(flag, on) => setFlags((current) => ({ ...current, [flag]: on }))}
          />
        </div>
      </section>
    </>
  );
}
