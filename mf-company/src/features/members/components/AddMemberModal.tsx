import { hashPassword, type PasswordMode } from '@dash/shared-core';
import { FormError, inlineErrorText, SelectField, showToast, useForm, useNavigate } from '@dash/shared-ui';
import { Modal } from '@dash/shared-ui/dialog';
import { NewPasswordFields, newPasswordRules } from '@dash/shared-ui/password-fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberDetailsPath } from '../../../routes';
import { useDefaultCountry } from '../../addressCountries/countryOptions';
import { useCreateMember } from '../api/createMember';
import { AssignmentPicker } from './AssignmentPicker';
import { MEMBER_FIELD_RULES, MemberFormFields, useUsernameTaken } from './MemberFormFields';
import { EMPTY_MEMBER_FORM, memberFieldsOf } from './memberFormValues';

const PASSWORD_MODES: readonly PasswordMode[] = ['byEmail', 'bySms', 'initial', 'noPassword'];

/** "Add" modal of the member list (spec section 2). */
export function AddMemberModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const create = useCreateMember();
  const [orgUnitUuids, setOrgUnitUuids] = useState<string[]>([]);
  const [locationUuids, setLocationUuids] = useState<string[]>([]);
  // Counts refused creates: the username check asks again after each (see useUsernameTaken).
  const [refusedCreates, setRefusedCreates] = useState(0);
  // Required in the "initial" mode only (canSubmit below).
  const passwordRules = newPasswordRules({ newPassword: () => form.values.password, required: false });
  const country = useDefaultCountry();
  const form = useForm({
    initialValues: { ...EMPTY_MEMBER_FORM, country, passwordMode: 'byEmail', password: '', passwordRepeat: '' },
    fields: {
      ...MEMBER_FIELD_RULES,
      password: passwordRules.newPassword,
      passwordRepeat: passwordRules.repeat,
    },
    // The initial password is asked for only in its mode: the fields' rules allow them empty, this requires them.
    // Likewise the e-mail address for byEmail and the mobile number for bySms.
    canSubmit: (values) =>
      (values.passwordMode !== 'initial' || (values.password !== '' && values.passwordRepeat !== '')) &&
      (values.passwordMode !== 'byEmail' || values.email.trim() !== '') &&
      (values.passwordMode !== 'bySms' || values.mobileNumber.trim() !== ''),
    errorText: (caught) => inlineErrorText(t, caught),
    send: async (values) => {
      const answer = await create
        .mutateAsync({
          ...memberFieldsOf(values),
          orgUnitUuids,
          locationUuids,
          passwordMode: values.passwordMode as PasswordMode,
          password: values.passwordMode === 'initial' ? hashPassword(values.password) : null,
        })
        .catch((error: unknown) => {
          // A create undone after its SMS failed held the username for a moment: a check then said "taken".
          setRefusedCreates((count) => count + 1);
          throw error;
        });
      showToast({
        type: 'success',
        title: t('members.add.title'),
        // A refused welcome mail leaves the member added without it; an SMS that fails undoes the create (an error).
        message: t(
          answer.welcomeSmsSent
            ? 'members.add.doneWithSms'
            : answer.welcomeMailSent
              ? 'members.add.doneWithMail'
              : 'members.add.done',
          { name: `${values.firstName} ${values.lastName}` },
        ),
      });
      onClose();
      navigate(memberDetailsPath(answer.uuid));
    },
  });
  const taken = useUsernameTaken(form.values.username, undefined, undefined, refusedCreates);
  const mode = form.values.passwordMode;
  return (
    <Modal
      open={open}
      onClose={onClose}
      headline={t('members.add.title')}
      width={50}
      testId="add-member-modal"
      // The first name, not the close button: the keyboard user starts typing at once.
      initialFocus={() => document.querySelector<HTMLElement>('#add-member-form input')}
      footer={
        <>
          <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
            {t('common:common.cancel')}
          </button>
          <button
            type="submit"
            form="add-member-form"
            className="ui-button company-soft-disabled"
            // Not disabled: a refused create would drop the focus out of the modal, and Escape with it.
            aria-disabled={form.busy}
          >
            {t('members.add.submit')}
          </button>
        </>
      }
    >
      <form
        id="add-member-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.busy) void form.submit({ blocked: taken === true });
        }}
      >
        <FormError error={form.error} testId="add-member-error" />
        <div className="company-member-form">
          <MemberFormFields form={form} usernameTaken={taken} generateName />
          <fieldset className="company-member-form__group">
            <legend>{t('members.add.password')}</legend>
            <div className="company-member-form__fields">
              <div className="company-member-form__cell company-member-form__cell--wide">
                <SelectField
                  label={t('members.add.passwordMode')}
                  {...form.field('passwordMode')}
                  options={PASSWORD_MODES.map((value) => ({ value, label: t(`members.add.modes.${value}`) }))}
                />
                {mode === 'byEmail' && form.submitted && form.values.email.trim() === '' && (
                  <p className="ui-field__error" role="alert">
                    {t('members.add.emailNeeded')}
                  </p>
                )}
                {mode === 'bySms' && form.submitted && form.values.mobileNumber.trim() === '' && (
                  <p className="ui-field__error" role="alert">
                    {t('members.add.mobileNeeded')}
                  </p>
                )}
              </div>
              {mode === 'initial' && (
                <NewPasswordFields
                  newPassword={{ ...form.field('password'), required: true }}
                  repeat={{ ...form.field('passwordRepeat'), required: true }}
                  newPasswordLabel={t('members.add.initialPassword')}
                  repeatLabel={t('members.add.repeatPassword')}
                />
              )}
            </div>
          </fieldset>
          <AssignmentPicker
            orgUnitUuids={orgUnitUuids}
            locationUuids={locationUuids}
            onOrgUnitsChange={setOrgUnitUuids}
            onLocationsChange={setLocationUuids}
          />
        </div>
      </form>
    </Modal>
  );
}
