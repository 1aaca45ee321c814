import { CLIENT_DETAILS_LIMITS, type ClientDetails, httpUrl, maxLength } from '@dash/shared-core';
import { zipcode } from '@dash/shared-core/postal';
import {
  FormActions,
  FormError,
  inlineErrorText,
  PageHeader,
  SelectField,
  Spinner,
  showToast,
  TextField,
  useForm,
  useSessionStore,
} from '@dash/shared-ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../addressCountries/countryOptions';
import { useClientDetails } from '../api/getClientDetails';
import { useUpdateClientDetails } from '../api/updateClientDetails';
import '../../locations/components/locations.css';

/** company/settings/details: the company's master data (super-admin). */
export default function CompanyDetailsPage() {
  const { t } = useTranslation('company');
  const query = useClientDetails();
  return (
    <>
      <PageHeader title={t('settings.details.title')} />
      {query.isPending ? (
        <Spinner />
      ) : query.data ? (
        // A new key per saved version: the form starts from what the server answered.
        <CompanyDetailsForm key={JSON.stringify(query.data)} details={query.data} />
      ) : (
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      )}
    </>
  );
}

function CompanyDetailsForm({ details }: { details: ClientDetails }) {
  const { t } = useTranslation('company');
  const update = useUpdateClientDetails();
  const reload = useSessionStore((state) => state.reload);
  // The postal code rule reads the country chosen now (spec section 5: zipcode against the country field).
  const country = useRef(details.country);
  const form = useForm({
    initialValues: {
      name: details.name,
      street: details.street ?? '',
      additional: details.additional ?? '',
      postalCode: details.postalCode ?? '',
      city: details.city ?? '',
      country: details.country,
      homepage: details.homepage ?? '',
    },
    fields: {
      name: { required: true, rules: [maxLength(CLIENT_DETAILS_LIMITS.nameMaxLength)] },
      street: { rules: [maxLength(CLIENT_DETAILS_LIMITS.streetMaxLength)] },
      additional: { rules: [maxLength(CLIENT_DETAILS_LIMITS.additionalMaxLength)] },
      postalCode: { rules: [maxLength(CLIENT_DETAILS_LIMITS.postalCodeMaxLength), zipcode(() => country.current)] },
      city: { rules: [maxLength(CLIENT_DETAILS_LIMITS.cityMaxLength)] },
      country: { required: true },
      homepage: { rules: [httpUrl] },
    },
    send: async (values) => {
      await update.mutateAsync({
        name: values.name,
        street: values.street,
        additional: values.additional,
        postalCode: values.postalCode,
        city: values.city,
        country: values.country,
        homepage: values.homepage,
      });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('settings.details.saved') });
      // The header shows the company's name from the member state.
      await reload();
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  country.current = form.values.country;
  const countries = useCountryOptions(form.values.country);

  return (
    <form className="ui-card" onSubmit={form.onSubmit} noValidate data-testid="company-details-form">
      <FormError error={form.error} testId="company-details-error" />
      <div className="company-form">
        <div className="company-form__wide">
          <TextField label={t('settings.details.name')} {...form.field('name')} autoComplete="organization" />
        </div>
        <TextField
          label={t('settings.details.clientIdentifier')}
          value={details.clientIdentifier}
          onChange={() => {}}
          readOnly
          aria-readonly="true"
          data-testid="client-identifier"
        />
        <TextField label={t('settings.details.homepage')} type="url" {...form.field('homepage')} autoComplete="url" />
        <TextField label={t('settings.details.street')} {...form.field('street')} autoComplete="address-line1" />
        <TextField
          label={t('settings.details.additional')}
          {...form.field('additional')}
          autoComplete="address-line2"
        />
        <TextField label={t('settings.details.postalCode')} {...form.field('postalCode')} autoComplete="postal-code" />
        <TextField label={t('settings.details.city')} {...form.field('city')} autoComplete="address-level2" />
        <SelectField label={t('settings.details.country')} {...form.field('country')} options={countries} />
      </div>
      <FormActions label={t('common:common.save')} disabled={form.busy} />
    </form>
  );
}
