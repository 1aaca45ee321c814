import {
  type Language,
  LOCATION_LIMITS,
  type LocationDetail,
  type LocationFields,
  max,
  maxLength,
  min,
  numeric,
  type PersonRef,
} from '@dash/shared-core';
import { zipcode } from '@dash/shared-core/postal';
import { SelectField, TextField, useForm } from '@dash/shared-ui';
import { MemberPicker } from '@dash/shared-ui/member-picker';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions, useDefaultCountry } from '../../addressCountries/countryOptions';
import './locations.css';

export interface LocationFormValues extends Record<string, string> {
  name: string;
  locationType: string;
  floorSpace: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
}

/** A new location's country is `defaultCountry` (the client's offered countries decide it). */
export function locationFormValues(location?: LocationDetail, defaultCountry = 'DE'): LocationFormValues {
  return {
    name: location?.name ?? '',
    locationType: location?.locationType ?? 'branch',
    floorSpace: location?.floorSpace === null || location?.floorSpace === undefined ? '' : String(location.floorSpace),
    street: location?.street ?? '',
    postalCode: location?.postalCode ?? '',
    city: location?.city ?? '',
    countryCode: location?.countryCode ?? defaultCountry,
  };
}

/** The request body of create and update, from the form's values (the server checks the same limits). */
export function locationRequest(values: LocationFormValues, responsible: PersonRef[]): LocationFields {
  return {
    name: values.name.trim(),
    locationType: values.locationType === 'headquarters' ? 'headquarters' : 'branch',
    floorSpace: values.floorSpace.trim() === '' ? null : Number(values.floorSpace),
    street: values.street.trim() === '' ? null : values.street.trim(),
    postalCode: values.postalCode.trim() === '' ? null : values.postalCode.trim(),
    city: values.city.trim() === '' ? null : values.city.trim(),
    countryCode: values.countryCode,
    responsibleMemberUuids: responsible.map((person) => person.uuid),
  };
}

/** Country names in the language shown (ICU), for the offered ISO codes. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language.replace('_', '-')], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function formattedFloorSpace(value: number, language: Language, t: TFunction): string {
  return t('locations.floorSpaceValue', { value: new Intl.NumberFormat(language.replace('_', '-')).format(value) });
}

/** The form state of a location (add modal and details tab): field values and the responsible persons. */
export function useLocationForm(
  location: LocationDetail | undefined,
  send: (values: LocationFormValues, responsible: PersonRef[]) => Promise<void>,
  errorText: (caught: unknown) => string,
) {
  const [responsible, setResponsible] = useState<PersonRef[]>(location?.responsibleMembers ?? []);
  // The postal code rule reads the country chosen now (spec section 5: zipcode against the country field).
  const defaultCountry = useDefaultCountry();
  const country = useRef(location?.countryCode ?? defaultCountry);
  const form = useForm<LocationFormValues>({
    initialValues: locationFormValues(location, defaultCountry),
    fields: {
      name: { required: true, rules: [maxLength(LOCATION_LIMITS.nameMaxLength)] },
      locationType: { required: true },
      floorSpace: { rules: [numeric, min(1), max(LOCATION_LIMITS.floorSpaceMax)] },
      street: { rules: [maxLength(LOCATION_LIMITS.streetMaxLength)] },
      postalCode: { rules: [maxLength(LOCATION_LIMITS.postalCodeMaxLength), zipcode(() => country.current)] },
      city: { rules: [maxLength(LOCATION_LIMITS.cityMaxLength)] },
      countryCode: { required: true },
    },
    send: (values) => send(values, responsible),
    errorText,
  });
  country.current = form.values.countryCode;
  return { form, responsible, setResponsible };
}

export type LocationFormState = ReturnType<typeof useLocationForm>;

/** The fields of a location, laid out in a grid; the responsible persons are picked by a server search. */
export function LocationFormFields({ state }: { state: LocationFormState }) {
  const { t } = useTranslation('company');
  const { form } = state;
  const countries = useCountryOptions(form.values.countryCode);
  return (
    <div className="company-form">
      <div className="company-form__wide">
        <TextField
          label={t('locations.fields.name')}
          {...form.field('name')}
          maxLength={LOCATION_LIMITS.nameMaxLength}
        />
      </div>
      <SelectField
        label={t('locations.fields.locationType')}
        {...form.field('locationType')}
        options={[
          { value: 'headquarters', label: t('locations.types.headquarters') },
          { value: 'branch', label: t('locations.types.branch') },
        ]}
      />
      <TextField label={t('locations.fields.floorSpace')} inputMode="numeric" {...form.field('floorSpace')} />
      <div className="company-form__wide">
        <TextField
          label={t('locations.fields.street')}
          {...form.field('street')}
          maxLength={LOCATION_LIMITS.streetMaxLength}
          autoComplete="street-address"
        />
      </div>
      <TextField
        label={t('locations.fields.postalCode')}
        {...form.field('postalCode')}
        maxLength={LOCATION_LIMITS.postalCodeMaxLength}
        autoComplete="postal-code"
      />
      <TextField label={t('locations.fields.city')} {...form.field('city')} autoComplete="address-level2" />
      <SelectField label={t('locations.fields.countryCode')} {...form.field('countryCode')} options={countries} />
      <div className="company-form__wide">
        <MemberPicker
          label={t('locations.fields.responsibleMembers')}
          value={state.responsible}
          onChange={state.setResponsible}
          testId="responsible-picker"
        />
      </div>
    </div>
  );
}
