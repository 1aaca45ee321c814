import { hasAnyPermission, localIsoDate } from '@dash/shared-core';
import {
  INSTRUCTION_DEFAULT_REPEAT_MONTHS,
  INSTRUCTION_TARGET_TYPES,
  type InstructionTargetType,
} from '@dash/shared-core/calls';
import {
  CheckboxField,
  DateField,
  FormActions,
  FormError,
  inlineErrorText,
  PageHeader,
  SelectField,
  showToast,
  TextField,
  useForm,
  useMemberState,
  useNavigate,
} from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES, instructionDetailsPath } from '../../../routes';
import { useCreateInstruction } from '../api/createInstruction';
import { useElearningOptions } from '../api/getElearningOptions';
import { useTargetOptions } from '../api/getTargetOptions';
import { useTemplateOptions } from '../api/getTemplateOptions';

const REPEAT_MONTHS = [6, 12, 24, 36] as const;

/**
 * Record an on-site instruction: topic, day, instructor, for whom (a member group, location or org unit: its members
 * now each get a row to sign), documents handed out, and how often it repeats (yearly by default, § 4 DGUV V1).
 */
export default function CreateInstructionPage() {
  const { t } = useTranslation('elearnings');
  const navigate = useNavigate();
  const memberState = useMemberState();
  const create = useCreateInstruction();
  const templatesOn = memberState?.featureFlags.templates ?? false;
  // An ou-admin instructs the org units he administers, a loc-admin the locations he is responsible for (the location
  // list answers only those); administrators any group, location or unit.
  const role = memberState?.member.roleIdentifier;
  const targetTypes: readonly InstructionTargetType[] =
    role === 'ou-admin' ? ['org-unit'] : role === 'loc-admin' ? ['location'] : INSTRUCTION_TARGET_TYPES;
  // The e-learnings are offered to whoever may read the catalogue (a loc-admin may not).
  const mayNameElearning = hasAnyPermission(memberState?.member.permissions ?? [], [
    'elearning.read-catalog',
    'elearning.read-statistics',
  ]);
  const templates = useTemplateOptions(templatesOn);
  const [templateUuids, setTemplateUuids] = useState<string[]>([]);
  const elearnings = useElearningOptions(mayNameElearning);
  const form = useForm({
    initialValues: {
      title: '',
      heldOn: localIsoDate(),
      instructorName: memberState ? `${memberState.memberDetails.firstName} ${memberState.memberDetails.lastName}` : '',
      targetType: targetTypes[0] ?? 'org-unit',
      targetUuid: '',
      repeatIntervalMonths: String(INSTRUCTION_DEFAULT_REPEAT_MONTHS),
      elearningUuid: '',
    },
    fields: {
      title: { required: true },
      heldOn: { required: true },
      instructorName: { required: true },
      targetUuid: { required: true },
    },
    errorText: (caught) => inlineErrorText(t, caught),
    send: async (values) => {
      const answer = await create.mutateAsync({
        title: values.title.trim(),
        heldOn: values.heldOn,
        instructorName: values.instructorName.trim(),
        // The signed-in administrator is the instructor unless another name was typed.
        instructorMemberUuid:
          memberState &&
          values.instructorName.trim() ===
            `${memberState.memberDetails.firstName} ${memberState.memberDetails.lastName}`
            ? memberState.member.uuid
            : null,
        targetType: values.targetType as InstructionTargetType,
        targetUuid: values.targetUuid,
        templateUuids,
        repeatIntervalMonths: Number(values.repeatIntervalMonths),
        elearningUuid: values.elearningUuid || null,
      });
      showToast({ type: 'success', title: t('instructions.create.title'), message: t('instructions.create.done') });
      navigate(instructionDetailsPath(answer.uuid));
    },
  });
  const targetType = form.values.targetType as InstructionTargetType;
  const targets = useTargetOptions(targetType, '', role === 'ou-admin' ? memberState?.member.uuid : undefined);
  return (
    <>
      <PageHeader
        title={t('instructions.create.title')}
        link={{ to: ELEARNING_ROUTES.instructionList, label: t('instructions.backToList') }}
      />
      <form className="elearning-form" noValidate onSubmit={form.onSubmit} data-testid="instruction-create-form">
        <FormError error={form.error} testId="instruction-create-error" />
        <TextField label={t('instructions.fields.title')} maxLength={200} {...form.field('title')} />
        <DateField label={t('instructions.fields.heldOn')} {...form.field('heldOn')} />
        <TextField label={t('instructions.fields.instructor')} maxLength={200} {...form.field('instructorName')} />
        <SelectField
          label={t('instructions.fields.targetType')}
          {...form.field('targetType')}
          onChange={(value) => {
            form.set('targetType')(value);
            form.set('targetUuid')('');
          }}
          options={targetTypes.map((type) => ({
            value: type,
            label: t(`instructions.targetType.${type}`),
          }))}
        />
        <SelectField
          label={t(`instructions.fields.target.${targetType}`)}
          {...form.field('targetUuid')}
          placeholder={t('instructions.fields.choose')}
          disabled={targets.isPending}
          options={(targets.data ?? []).map((target) => ({
            value: target.uuid,
            label: t('instructions.fields.targetOption', { name: target.name, count: target.memberCount }),
            disabled: target.memberCount === 0,
          }))}
        />
        <SelectField
          label={t('instructions.fields.repeat')}
          {...form.field('repeatIntervalMonths')}
          options={REPEAT_MONTHS.map((months) => ({
            value: String(months),
            label: t('instructions.everyMonths', { count: months }),
          }))}
        />
        {mayNameElearning && (
          <SelectField
            label={t('instructions.fields.elearning')}
            {...form.field('elearningUuid')}
            options={[
              { value: '', label: t('instructions.fields.noElearning') },
              ...(elearnings.data?.items ?? []).map((course) => ({ value: course.uuid, label: course.title })),
            ]}
          />
        )}
        {templatesOn && (templates.data?.length ?? 0) > 0 && (
          <fieldset className="elearning-instruction-documents">
            <legend>{t('instructions.fields.documents')}</legend>
            {templates.data?.map((template) => (
              <CheckboxField
                key={template.uuid}
                label={template.title}
                checked={templateUuids.includes(template.uuid)}
                disabled={!templateUuids.includes(template.uuid) && templateUuids.length >= 10}
                onChange={(checked) =>
                  setTemplateUuids((current) =>
                    checked ? [...current, template.uuid] : current.filter((uuid) => uuid !== template.uuid),
                  )
                }
              />
            ))}
          </fieldset>
        )}
        <p className="elearning-hint">{t('instructions.create.hint')}</p>
        <FormActions label={t('instructions.create.submit')} disabled={form.busy} testId="instruction-create-submit" />
      </form>
    </>
  );
}
