import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { MemberPicker, type PickedMember } from '@dash/shared-ui/member-picker';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignmentChange } from '../api/changeAssignments';
import { useLocationOptions, useOrgUnitOptions } from '../api/getTargetOptions';

export type AssignKind = 'org-unit' | 'location' | 'member';

/**
 * The "assign" modal: tick org units, choose the one location, or pick members with the shared member picker
 * (active members only; whole org units, groups and locations add their active members).
 */
export function AssignModal({
  kind,
  taskUuid,
  onClose,
  onAssign,
  busy,
}: {
  kind: AssignKind | null;
  taskUuid: string;
  onClose: () => void;
  onAssign: (change: AssignmentChange) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('riskAssessments');
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [ticked, setTicked] = useState<string[]>([]);
  const orgUnits = useOrgUnitOptions(kind === 'org-unit');
  const locations = useLocationOptions(kind === 'location');
  const chosen = kind === 'member' ? picked.map((member) => member.uuid) : ticked;
  const options =
    kind === 'org-unit'
      ? (orgUnits.data?.items ?? []).map((unit) => ({
          value: unit.uuid,
          label: unit.orgUnitName,
          hint: t('assignments.memberCount', { count: unit.memberCount }),
          depth: unit.depth,
        }))
      : kind === 'location'
        ? (locations.data?.items ?? []).map((location) => ({
            value: location.uuid,
            label: location.name,
            hint: location.city ?? '',
            depth: 0,
          }))
        : [];
  const single = kind === 'location';
  const toggle = (value: string) =>
    setTicked((current) =>
      single ? [value] : current.includes(value) ? current.filter((item) => item !== value) : [...current, value],
    );
  const submit = () => {
    if (chosen.length === 0 || !kind) return;
    if (kind === 'org-unit')
      onAssign({ call: 'riskAssessmentAssignOrgUnits', body: { uuid: taskUuid, orgUnitUuids: chosen } });
    else if (kind === 'location') {
      onAssign({ call: 'riskAssessmentAssignLocation', body: { uuid: taskUuid, locationUuid: chosen[0] as string } });
    } else onAssign({ call: 'riskAssessmentAssignMember', body: { uuid: taskUuid, memberUuids: chosen } });
  };
  return (
    <Modal
      open={kind !== null}
      onClose={onClose}
      onClosed={() => {
        setTicked([]);
        setPicked([]);
      }}
      headline={kind ? t(`assignments.assign.${kind}`) : ''}
      width={40}
      testId="assign-modal"
      footer={
        <ModalFooter
          onCancel={onClose}
          label={t('assignments.assignButton', { count: chosen.length })}
          disabled={chosen.length === 0 || busy}
          onClick={submit}
        />
      }
    >
      <p>{kind && t(`assignments.explain.${kind}`)}</p>
      {kind === 'member' ? (
        <MemberPicker label={t('assignments.search')} value={picked} onChange={setPicked} status="active" sets />
      ) : (
        <fieldset className="ra-pick">
          <legend className="ui-visually-hidden">{kind ? t(`assignments.assign.${kind}`) : ''}</legend>
          {options.length === 0 && <p className="ui-empty">{t('assignments.noOptions')}</p>}
          {options.map((option) => (
            <label
              key={option.value}
              className="ra-pick__option"
              style={{ paddingInlineStart: `${option.depth * 1.25}rem` }}
            >
              <input
                type={single ? 'radio' : 'checkbox'}
                name="ra-pick"
                checked={chosen.includes(option.value)}
                onChange={() => toggle(option.value)}
              />
              <span>{option.label}</span>
              <span className="ra-pick__hint">{option.hint}</span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
