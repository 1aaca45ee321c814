import type { Language, Risk, RiskAction, StopType } from '@dash/shared-core';
import { localeOf, localIsoDate, localized } from '@dash/shared-core';
import { FormError, inlineErrorText, showToast } from '@dash/shared-ui';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { MemberPicker, type PickedMember } from '@dash/shared-ui/member-picker';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRiskAction } from '../api/createRiskAction';
import { useRiskActionDetails } from '../api/getRiskActionDetails';
import { useRiskDetails } from '../api/getRiskDetails';
import { useSetRiskNotRelevant } from '../api/setRiskNotRelevant';
import { useUpdateRiskAction } from '../api/updateRiskAction';
import { STOP_ORDER } from '../constants';

type Choice = 'proposed' | 'custom' | 'notRelevant';

/**
 * "Define risk action" (a risk: a proposed measure, a custom one, or not relevant) and "edit" (an existing
 * action: STOP type, owner, due date, note, and the wording of a custom one). The modal opens with the row it was
 * opened from and reads the risk's (or the action's) details as they are now: the measures taken meanwhile, the
 * actions the risk has, and whether the action was marked done. The server checks everything again.
 */
export function ActionModal({
  risk,
  action,
  onClose,
}: {
  risk: Risk | null;
  action: RiskAction | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('riskAssessments');
  const id = useId();
  const open = risk !== null || action !== null;
  const editing = action !== null;
  const riskDetails = useRiskDetails(risk?.uuid ?? null);
  const actionDetails = useRiskActionDetails(action?.uuid ?? null);
  const taken = riskDetails.data?.takenMeasures ?? risk?.takenMeasures ?? [];
  const freeMeasures = (risk?.measures ?? [])
    .map((measure, index) => ({ ...measure, index }))
    .filter((measure) => !taken.includes(measure.index));
  /** Done meanwhile (or the assessment is): the action is history and cannot be saved. */
  const closed =
    actionDetails.data !== undefined &&
    (actionDetails.data.doneAt !== null || actionDetails.data.evaluationStatus === 'done');
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const [chosen, setChoice] = useState<Choice>(freeMeasures.length > 0 ? 'proposed' : 'custom');
  const [picked, setMeasureIndex] = useState<number>(freeMeasures[0]?.index ?? 0);
  // Measures taken by someone else since the row was read are no longer offered.
  const choice: Choice = chosen === 'proposed' && freeMeasures.length === 0 ? 'custom' : chosen;
  const measureIndex = freeMeasures.some((measure) => measure.index === picked)
    ? picked
    : (freeMeasures[0]?.index ?? picked);
  const [description, setDescription] = useState(
    action?.origin === 'custom' ? localized(action.description, i18n.language) : '',
  );
  const [stop, setStop] = useState<StopType>(action?.stop ?? freeMeasures[0]?.stop ?? 'organisational');
  // The responsible member as picked; an action being edited names its current one (the name as the server wrote it).
  const [responsibleMembers, setResponsibleMembers] = useState<PickedMember[]>(
    action
      ? [{ uuid: action.responsibleMemberUuid, firstName: '', lastName: action.responsibleName, username: '' }]
      : [],
  );
  const responsible = responsibleMembers[0]?.uuid ?? '';
  const [dueDate, setDueDate] = useState(action?.dueDate ?? '');
  const [note, setNote] = useState(action?.note ?? '');
  const [reason, setReason] = useState(risk?.notRelevantReason ?? '');
  const [touched, setTouched] = useState(false);
  const create = useCreateRiskAction();
  const update = useUpdateRiskAction();
  const notRelevant = useSetRiskNotRelevant();
  const busy = create.isPending || update.isPending || notRelevant.isPending || closed;
  const error = create.error ?? update.error ?? notRelevant.error;

  const missing =
    choice !== 'notRelevant' &&
    (!responsible ||
      !dueDate ||
      (choice === 'custom' && (editing ? action?.origin === 'custom' : true) && !description.trim()));
  const pastDate =
    choice !== 'notRelevant' && dueDate !== '' && dueDate < localIsoDate() && dueDate !== action?.dueDate;

  const done = (message: string) => {
    showToast({ type: 'success', title: t('common:toast.successTitle'), message });
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (missing || pastDate) return;
    if (editing && action) {
      update.mutate(
        {
          uuid: action.uuid,
          stop,
          responsibleMemberUuid: responsible,
          dueDate,
          note: note.trim() || null,
          ...(action.origin === 'custom' ? { description: description.trim() } : {}),
        },
        { onSuccess: () => done(t('actions.updated')) },
      );
      return;
    }
    if (!risk) return;
    if (choice === 'notRelevant') {
      notRelevant.mutate(
        { uuid: risk.uuid, notRelevant: true, reason: reason.trim() || null },
        { onSuccess: () => done(t('actions.markedNotRelevant')) },
      );
      return;
    }
    const common = {
      riskUuid: risk.uuid,
      stop,
      responsibleMemberUuid: responsible,
      dueDate,
      note: note.trim() || null,
    };
    create.mutate(
      choice === 'proposed'
        ? { ...common, origin: 'proposed', measureIndex }
        : { ...common, origin: 'custom', description: description.trim() },
      { onSuccess: () => done(t('actions.created')) },
    );
  };

  const headline = editing ? t('actions.editTitle') : t('actions.defineTitle');
  return (
    <Modal
      open={open}
      onClose={onClose}
      headline={headline}
      width={50}
      testId={editing ? 'edit-risk-action' : 'define-risk-action'}
      footer={
        <ModalFooter
          onCancel={onClose}
          label={
            editing ? t('actions.save') : choice === 'notRelevant' ? t('actions.markNotRelevant') : t('actions.add')
          }
          disabled={busy}
          onClick={submit}
        />
      }
    >
      {risk && (
        <div className="ra-risk-summary">
          <p>
            <strong>{localized(risk.load, i18n.language)}</strong>
            <br />
            {t('risks.columns.source')}: {localized(risk.source, i18n.language)} · {t('risks.columns.target')}:{' '}
            {localized(risk.target, i18n.language)}
          </p>
          {riskDetails.data && riskDetails.data.actions.length > 0 && (
            <>
              <p className="ra-muted">{t('actions.defined')}</p>
              <ul data-testid="defined-actions">
                {riskDetails.data.actions.map((each) => (
                  <li key={each.uuid}>
                    {t('actions.definedItem', {
                      description: localized(each.description, i18n.language),
                      responsible: each.responsibleName,
                      dueDate: dateFormat.format(new Date(`${each.dueDate}T00:00:00`)),
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {action && (
        <p className="ra-risk-summary">
          <strong>{localized(action.load, i18n.language)}</strong>
          {action.origin === 'proposed' && (
            <>
              <br />
              {localized(action.description, i18n.language)}
            </>
          )}
          {actionDetails.data && (
            <>
              <br />
              {t('risks.columns.source')}: {localized(actionDetails.data.source, i18n.language)} ·{' '}
              {t('risks.columns.target')}: {localized(actionDetails.data.target, i18n.language)}
            </>
          )}
        </p>
      )}
      {closed && <p className="ui-alert ra-warning">{t('common:errors.codes.Risk.InvalidStatus')}</p>}
      <FormError error={error ? inlineErrorText(t, error) : null} />
      {!editing && (
        <fieldset className="ra-choice">
          <legend>{t('actions.choice')}</legend>
          {(['proposed', 'custom', 'notRelevant'] as const).map((value) => (
            <label key={value} className="ra-choice__option">
              <input
                type="radio"
                name={`${id}-choice`}
                value={value}
                checked={choice === value}
                disabled={value === 'proposed' && freeMeasures.length === 0}
                onChange={() => setChoice(value)}
              />
              {t(`actions.choices.${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      {!editing && choice === 'proposed' && (
        <fieldset className="ra-pick">
          <legend>{t('actions.proposedMeasures')}</legend>
          {freeMeasures.map((measure) => (
            <label key={measure.index} className="ra-pick__option">
              <input
                type="radio"
                name={`${id}-measure`}
                checked={measureIndex === measure.index}
                onChange={() => {
                  setMeasureIndex(measure.index);
                  setStop(measure.stop);
                }}
              />
              <span>{localized(measure.text, i18n.language)}</span>
              <span className="ra-pick__hint">{t(`stop.${measure.stop}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {((!editing && choice === 'custom') || action?.origin === 'custom') && (
        <div className="ui-field">
          <label htmlFor={`${id}-description`}>
            {t('actions.description')} <span aria-hidden="true">*</span>
          </label>
          <textarea
            id={`${id}-description`}
            required
            maxLength={1000}
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            aria-invalid={touched && !description.trim()}
          />
        </div>
      )}
      {choice === 'notRelevant' && !editing ? (
        <div className="ui-field">
          <label htmlFor={`${id}-reason`}>{t('actions.reason')}</label>
          <textarea
            id={`${id}-reason`}
            maxLength={1000}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : (
        <>
          <div className="ui-field">
            <label htmlFor={`${id}-stop`}>{t('actions.stop')}</label>
            <select id={`${id}-stop`} value={stop} onChange={(event) => setStop(event.target.value as StopType)}>
              {STOP_ORDER.map((type) => (
                <option key={type} value={type}>
                  {t(`stop.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <MemberPicker
            label={t('actions.responsible')}
            value={responsibleMembers}
            onChange={setResponsibleMembers}
            single
            required
            status="active"
            testId="responsible-picker"
          />
          <div className="ui-field">
            <label htmlFor={`${id}-due`}>
              {t('actions.dueDate')} <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-due`}
              type="date"
              required
              min={localIsoDate()}
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
              aria-invalid={touched && (pastDate || !dueDate)}
              aria-describedby={pastDate ? `${id}-due-error` : undefined}
            />
            {touched && pastDate && (
              <p id={`${id}-due-error`} className="ui-field__error">
                {t('common:errors.codes.Action.InvalidDueDate')}
              </p>
            )}
          </div>
          <div className="ui-field">
            <label htmlFor={`${id}-note`}>{t('actions.note')}</label>
            <textarea
              id={`${id}-note`}
              maxLength={2000}
              rows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </>
      )}
      {touched && missing && <p className="ui-field__error">{t('actions.missing')}</p>}
    </Modal>
  );
}
