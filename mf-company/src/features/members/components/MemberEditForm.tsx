import { type Language, localeOf, type Member } from '@dash/shared-core';
import { FormError, inlineErrorText, showToast, useCan, useForm } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { useUpdateMember } from '../api/updateMember';
import { MEMBER_FIELD_RULES, MemberFormFields, useUsernameTaken } from './MemberFormFields';
import { formValuesOf, memberFieldsOf } from './memberFormValues';
import './memberForm.css';

/** The details tab: every field of the member, editable with member.update. */
export function MemberEditForm({ member }: { member: Member }) {
  const { t, i18n } = useTranslation('company');
  const can = useCan();
  const update = useUpdateMember();
  const form = useForm({
    initialValues: formValuesOf(member),
    fields: MEMBER_FIELD_RULES,
    errorText: (caught) => inlineErrorText(t, caught),
    send: async (values) => {
      const saved = await update.mutateAsync({
        ...memberFieldsOf(values),
        uuid: member.uuid,
        status: values.status === 'inactive' ? 'inactive' : 'active',
      });
      showToast({
        type: 'success',
        title: t('members.detailsTitle'),
        message: t('members.form.saved', { name: `${saved.firstName} ${saved.lastName}` }),
      });
    },
  });
  const taken = useUsernameTaken(form.values.username, member.uuid, member.username);
  const editable = can(['member.update']);
  return (
    <form
      className="ui-card"
      noValidate
      data-testid="member-edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        // The button stays focusable while saving (aria-disabled): a second press is ignored here.
        if (!form.busy) void form.submit({ blocked: taken === true });
      }}
    >
      <FormError error={form.error} testId="member-edit-error" />
      {/* The one fact of the read-only view that is no field: whether and when the member last signed in. */}
      <p className="company-member-form__hint" data-testid="member-last-login">
        {member.lastLoginAt
          ? t('members.form.lastLogin', {
              when: new Intl.DateTimeFormat(localeOf(i18n.language as Language), {
                dateStyle: 'medium',
                timeStyle: 'short',
              }).format(new Date(member.lastLoginAt)),
            })
          : t('members.form.neverLoggedIn')}
      </p>
      <fieldset disabled={!editable} className="company-member-form__plain">
        <MemberFormFields form={form} usernameTaken={taken} statusEditable />
      </fieldset>
      {editable && (
        <div className="ui-form-actions">
          <button type="submit" className="ui-button company-soft-disabled" aria-disabled={form.busy}>
            {t('members.form.save')}
          </button>
        </div>
      )}
    </form>
  );
}
