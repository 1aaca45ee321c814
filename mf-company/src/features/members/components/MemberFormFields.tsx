import {
  type AssignableRole,
  email,
  type Gender,
  generateUsername,
  LANGUAGES,
  localIsoDate,
  maxLength,
  type Rule,
  username as usernameRule,
} from '@dash/shared-core';
import { phoneNumber } from '@dash/shared-core/phone';
import { zipcode } from '@dash/shared-core/postal';
import {
  CheckboxField,
  DateField,
  type FieldRules,
  SelectField,
  TextField,
  useDebouncedValue,
  useMemberState,
} from '@dash/shared-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../addressCountries/countryOptions';
import { checkUsername } from '../api/checkUsername';
import './memberForm.css';
import type { MemberFormValues } from './memberFormValues';

// The contract's lists as values: the browser takes only types from the contract (zod stays out of its bundles).
const ASSIGNABLE_ROLES: readonly AssignableRole[] = ['member', 'loc-admin', 'ou-admin', 'admin', 'super-admin'];
const GENDERS: readonly Gender[] = ['d', 'f', 'm'];

/** Spec section 5: the username check waits for a 250 ms pause in typing. */
export const USERNAME_CHECK_DELAY_MS = 250;

/**
 * Whether the typed username is taken, asked 250 ms after typing stops (null while unknown). A new `askAgain` asks
 * again for the same name: a create that failed may have held the name for the moment the answer was given.
 */
export function useUsernameTaken(value: string, memberUuid?: string, initial?: string, askAgain = 0): boolean | null {
  const typed = value.trim().toLowerCase();
  const name = useDebouncedValue(typed, USERNAME_CHECK_DELAY_MS);
  const [answer, setAnswer] = useState<{ name: string; taken: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: askAgain is the trigger to ask again, not read inside
  useEffect(() => {
    setAnswer(null);
    if (name === '' || name === initial || usernameRule(name)) return;
    const controller = new AbortController();
    checkUsername(name, memberUuid, controller.signal)
      .then((taken) => setAnswer({ name, taken }))
      .catch(() => setAnswer(null));
    return () => controller.abort();
  }, [name, memberUuid, initial, askAgain]);
  // Unknown while typing goes on: an answer counts only for the name as it is now.
  return answer && answer.name === typed ? answer.taken : null;
}

type FieldName = keyof MemberFormValues & string;

/** What the fields need of `useForm` (its values may hold more fields, e.g. the password). */
interface Form {
  values: MemberFormValues;
  set: (name: FieldName) => (value: string) => void;
  field: (name: FieldName) => {
    value: string;
    onChange: (value: string) => void;
    required?: boolean;
    rules: Rule[];
    showErrors: boolean;
    name: string;
  };
  submitted: boolean;
}

export const MEMBER_FIELD_RULES: Partial<Record<FieldName, FieldRules>> = {
  firstName: { required: true, rules: [maxLength(255)] },
  lastName: { required: true, rules: [maxLength(255)] },
  email: { rules: [email, maxLength(254)] },
  username: { required: true, rules: [usernameRule, maxLength(254)] },
  phoneNumber: { rules: [phoneNumber, maxLength(40)] },
  mobileNumber: { rules: [phoneNumber, maxLength(40)] },
  externalCompany: { rules: [maxLength(255)] },
  street: { rules: [maxLength(255)] },
  city: { rules: [maxLength(255)] },
  birthDate: {},
};

/** Every field of a member (add modal and details tab); `usernameTaken` shows the check's answer. */
export function MemberFormFields({
  form,
  usernameTaken,
  generateName,
  statusEditable,
}: {
  form: Form;
  usernameTaken: boolean | null;
  /** New members: the username follows first and last name until it is typed by hand. */
  generateName?: boolean;
  statusEditable?: boolean;
}) {
  const { t } = useTranslation('company');
  const role = useMemberState()?.member.roleIdentifier;
  const [nameTyped, setNameTyped] = useState(false);
  const { values } = form;
  const countries = useCountryOptions(values.country);

  const setName = (name: 'firstName' | 'lastName') => (value: string) => {
    form.set(name)(value);
    if (generateName && !nameTyped) {
      const next = { ...values, [name]: value };
      form.set('username')(generateUsername(next.firstName, next.lastName));
    }
  };

  return (
    <div className="company-member-form">
      <fieldset className="company-member-form__group">
        <legend>{t('members.form.person')}</legend>
        <div className="company-member-form__fields">
          <TextField
            label={t('members.columns.firstName')}
            {...form.field('firstName')}
            onChange={setName('firstName')}
          />
          <TextField label={t('members.columns.lastName')} {...form.field('lastName')} onChange={setName('lastName')} />
          <TextField label={t('members.columns.email')} type="email" {...form.field('email')} />
          <div className="company-member-form__cell">
            <TextField
              label={t('members.columns.username')}
              lowercase
              {...form.field('username')}
              onChange={(value) => {
                setNameTyped(true);
                form.set('username')(value);
              }}
            />
            {usernameTaken && (
              <p className="ui-field__error" role="alert" data-testid="username-taken">
                {t('common:validation.checkUsername')}
              </p>
            )}
          </div>
          <SelectField
            label={t('members.columns.role')}
            {...form.field('role')}
            required
            options={ASSIGNABLE_ROLES.filter(
              (candidate) => candidate !== 'super-admin' || role === 'super-admin' || values.role === 'super-admin',
            ).map((candidate) => ({ value: candidate, label: t(`common:roles.${candidate}`) }))}
          />
          {statusEditable && (
            <SelectField
              label={t('members.columns.status')}
              {...form.field('status')}
              options={['active', 'inactive'].map((status) => ({ value: status, label: t(`common:common.${status}`) }))}
            />
          )}
          <SelectField
            label={t('members.fields.language')}
            {...form.field('language')}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
          />
          <SelectField
            label={t('members.fields.gender')}
            {...form.field('gender')}
            options={GENDERS.map((gender) => ({ value: gender, label: t(`members.gender.${gender}`) }))}
          />
          <DateField
            label={t('members.fields.birthDate')}
            {...form.field('birthDate')}
            min="1900-01-01"
            max={localIsoDate()}
          />
        </div>
      </fieldset>
      <fieldset className="company-member-form__group">
        <legend>{t('members.form.contact')}</legend>
        <div className="company-member-form__fields">
          <TextField label={t('members.fields.phoneNumber')} type="tel" {...form.field('phoneNumber')} />
          <TextField label={t('members.fields.mobileNumber')} type="tel" {...form.field('mobileNumber')} />
          <TextField label={t('members.fields.externalCompany')} {...form.field('externalCompany')} />
          <TextField label={t('members.fields.street')} {...form.field('street')} />
          <TextField
            label={t('members.fields.postalCode')}
            {...form.field('postalCode')}
            rules={[zipcode(() => values.country || 'DE')]}
          />
          <TextField label={t('members.fields.city')} {...form.field('city')} />
          <SelectField
            label={t('members.fields.country')}
            {...form.field('country')}
            placeholder={t('members.form.noCountry')}
            options={countries}
          />
        </div>
      </fieldset>
      <fieldset className="company-member-form__group">
        <legend>{t('members.form.settings')}</legend>
        <div className="company-member-form__fields">
          <CheckboxField
            label={t('members.fields.pregnant')}
            checked={values.pregnant === 'true'}
            onChange={(checked) => form.set('pregnant')(checked ? 'true' : '')}
          />
          <CheckboxField
            label={t('members.fields.underage')}
            checked={values.underage === 'true'}
            onChange={(checked) => form.set('underage')(checked ? 'true' : '')}
          />
          <CheckboxField
            label={t('members.fields.createElearningTasks')}
            checked={values.createElearningTasks === 'true'}
            onChange={(checked) => form.set('createElearningTasks')(checked ? 'true' : '')}
          />
          <CheckboxField
            label={t('members.fields.createRiskAssessmentTasks')}
            checked={values.createRiskAssessmentTasks === 'true'}
            onChange={(checked) => form.set('createRiskAssessmentTasks')(checked ? 'true' : '')}
          />
        </div>
      </fieldset>
    </div>
  );
}
