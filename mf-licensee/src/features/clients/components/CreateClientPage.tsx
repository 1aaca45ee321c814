import {
  clientIdentifier,
  email,
  generateIdentifier,
  generateUsername,
  IDENTIFIER_MAX_LENGTH,
  LANGUAGES,
  maxLength,
  username,
} from '@dash/shared-core';
import { FormActions, FormError, PageHeader, SelectField, showToast, TextField, useNavigate } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { LICENSEE_CONSOLE_ROUTES } from '../../../routes';
import { useCreateClient } from '../api/createClient';
import {
  type ClientFieldValues,
  ClientFormSections,
  DEFAULT_CLIENT_COUNTRIES,
  DEFAULT_FLAGS,
  EMPTY_CLIENT_FIELDS,
  useClientForm,
} from './clientForm';
import './licensee.css';

type CreateValues = ClientFieldValues & {
  clientIdentifier: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  language: string;
};

/**
 * A new client: company ID (spec's clientIdentifier rule; "identifier exists" from the server), master data, member
 * limit, the four switches, and the first super-admin, who gets the welcome mail with a link to set the password.
 */
export default function CreateClientPage() {
  const { t } = useTranslation('licensee');
  const navigate = useNavigate();
  const create = useCreateClient();
  const { form, sections } = useClientForm<CreateValues>({
    initialValues: {
      ...EMPTY_CLIENT_FIELDS,
      clientIdentifier: '',
      firstName: '',
      lastName: '',
      email: '',
      username: '',
      language: 'de_DE',
    },
    initialFlags: DEFAULT_FLAGS,
    initialOffered: DEFAULT_CLIENT_COUNTRIES,
    extraFields: {
      clientIdentifier: { required: true, rules: [clientIdentifier, maxLength(IDENTIFIER_MAX_LENGTH)] },
      firstName: { required: true, rules: [maxLength(255)] },
      lastName: { required: true, rules: [maxLength(255)] },
      email: { required: true, rules: [email] },
      username: { required: true, rules: [username] },
      language: { required: true },
    },
    send: async (values, clientFields) => {
      const created = await create.mutateAsync({
        ...clientFields,
        clientIdentifier: values.clientIdentifier,
        superAdmin: {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          username: values.username,
          language: values.language === 'en_GB' ? 'en_GB' : 'de_DE',
        },
      });
      showToast({
        type: created.welcomeMailSent ? 'success' : 'warning',
        title: t('common:toast.successTitle'),
        message: t(created.welcomeMailSent ? 'create.created' : 'create.createdWithoutMail', {
          name: values.name,
          email: values.email,
        }),
      });
      navigate(LICENSEE_CONSOLE_ROUTES.clients);
    },
  });
  const field = (name: keyof CreateValues & string) => form.field(name);

  return (
    <>
      <PageHeader title={t('create.title')} link={{ to: LICENSEE_CONSOLE_ROUTES.clients, label: t('list.title') }} />
      <form className="licensee-page" onSubmit={form.onSubmit} noValidate data-testid="create-client-form">
        <FormError error={form.error} testId="create-client-error" />
        <ClientFormSections
          state={sections}
          identifier={
            <div className="licensee-identifier">
              <TextField
                label={t('fields.clientIdentifier')}
                {...field('clientIdentifier')}
                lowercase
                autoComplete="off"
              />
              <button
                type="button"
                className="ui-button ui-button--link"
                disabled={form.values.name.trim() === ''}
                onClick={() => form.set('clientIdentifier')(generateIdentifier(form.values.name))}
              >
                {t('create.generateIdentifier')}
              </button>
            </div>
          }
        />
        <section className="ui-card">
          <h2>{t('create.superAdmin')}</h2>
          <p className="licensee-hint">{t('create.superAdminHint')}</p>
          <div className="licensee-form">
            <TextField label={t('fields.firstName')} {...field('firstName')} autoComplete="off" />
            <TextField
              label={t('fields.lastName')}
              {...field('lastName')}
              autoComplete="off"
              onBlur={() => {
                // Spec section 5: a username generated from first and last name, unless one was typed.
                const { firstName, lastName } = form.values;
                if (form.values.username === '' && firstName && lastName) {
                  form.set('username')(generateUsername(firstName, lastName));
                }
              }}
            />
            <TextField label={t('fields.email')} type="email" {...field('email')} autoComplete="off" />
            <TextField label={t('fields.username')} {...field('username')} lowercase autoComplete="off" />
            <SelectField
              label={t('fields.language')}
              {...field('language')}
              options={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
            />
          </div>
        </section>
        <FormActions label={t('create.submit')} disabled={form.busy} testId="create-client-submit" />
      </form>
    </>
  );
}
