import { type ElearningOrgUnitAssignment, hasAnyPermission, type Language, localeOf } from '@dash/shared-core';
import { inlineErrorText, Spinner, showToast, useMemberState } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeOrgUnits } from '../api/changeOrgUnits';
import { useOrgUnitAssignments } from '../api/getOrgUnitAssignments';
import { useOrgUnitTree } from '../api/getOrgUnitTree';

/** Org unit assignments: who gets tasks. A unit covers its sub-units; the default unit means everyone. */
export default function OrgUnitsTab({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation('elearnings');
  const query = useOrgUnitAssignments(uuid);
  const canChange = hasAnyPermission(useMemberState()?.member.permissions ?? [], ['elearning.assign-org-units']);
  const [assignOpen, setAssignOpen] = useState(false);
  const [removing, setRemoving] = useState<ElearningOrgUnitAssignment | null>(null);
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  if (query.isPending) return <Spinner />;
  const items = query.data?.items ?? [];
  return (
    <section className="ui-card" data-testid="elearning-org-units">
      <div className="elearning-toolbar">
        <p className="elearning-hint">{t('orgUnits.hint')}</p>
        {canChange && (
          <button
            type="button"
            className="ui-button"
            onClick={() => setAssignOpen(true)}
            data-testid="assign-org-units"
          >
            {t('orgUnits.assign')}
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="ui-empty">{t('orgUnits.empty')}</p>
      ) : (
        <div className="ui-table">
          <table>
            <caption className="ui-visually-hidden">{t('orgUnits.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orgUnits.columns.name')}</th>
                <th scope="col">{t('orgUnits.columns.admins')}</th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('orgUnits.columns.members')}
                </th>
                <th scope="col">{t('orgUnits.columns.assignedAt')}</th>
                {canChange && <th scope="col">{t('orgUnits.columns.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((unit) => (
                <tr key={unit.orgUnitUuid}>
                  <td>
                    {unit.orgUnitName}
                    {unit.isDefault && (
                      <span className="ui-badge ui-badge--info elearning-inline-badge">{t('orgUnits.everyone')}</span>
                    )}
                  </td>
                  <td>{unit.admins.map((admin) => `${admin.firstName} ${admin.lastName}`).join(', ') || '–'}</td>
                  <td style={{ textAlign: 'right' }}>{unit.memberCount}</td>
                  <td>{unit.assignedAt ? dateFormat.format(new Date(unit.assignedAt)) : '–'}</td>
                  {canChange && (
                    <td>
                      <button
                        type="button"
                        className="ui-button ui-button--ghost ui-button--small"
                        onClick={() => setRemoving(unit)}
                        aria-label={t('orgUnits.removeLabel', { name: unit.orgUnitName })}
                      >
                        {t('orgUnits.remove')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canChange && (
        <AssignModal
          uuid={uuid}
          open={assignOpen}
          assigned={new Set(items.map((item) => item.orgUnitUuid))}
          onClose={() => setAssignOpen(false)}
        />
      )}
      {canChange && <RemoveModal uuid={uuid} unit={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function AssignModal({
  uuid,
  open,
  assigned,
  onClose,
}: {
  uuid: string;
  open: boolean;
  assigned: Set<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation('elearnings');
  const tree = useOrgUnitTree(open);
  const assign = useChangeOrgUnits('assign');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const toggle = (unit: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(unit)) next.delete(unit);
      else next.add(unit);
      return next;
    });
  async function submit() {
    setError(null);
    try {
      const result = await assign.mutateAsync({ uuid, orgUnitUuids: [...chosen] });
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t('orgUnits.assigned', { count: result.changedTaskCount }),
      });
      setChosen(new Set());
      onClose();
    } catch (caught) {
      setError(inlineErrorText(t, caught));
    }
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      headline={t('orgUnits.assignHeadline')}
      width={40}
      testId="assign-modal"
      footer={
        <ModalFooter
          onCancel={onClose}
          label={t('orgUnits.assignSubmit', { count: chosen.size })}
          disabled={chosen.size === 0 || assign.isPending}
          onClick={() => void submit()}
        />
      }
    >
      {error && (
        <p className="ui-alert ui-alert--danger" role="alert">
          {error}
        </p>
      )}
      <p>{t('orgUnits.assignText')}</p>
      {tree.isPending ? (
        <Spinner />
      ) : tree.isError ? (
        <p className="ui-alert ui-alert--danger">{t('orgUnits.treeError')}</p>
      ) : (
        <fieldset className="elearning-tree">
          <legend className="ui-visually-hidden">{t('orgUnits.assignHeadline')}</legend>
          {(tree.data?.items ?? []).map((unit) => (
            <label
              key={unit.uuid}
              style={{ paddingInlineStart: `${unit.depth * 1.25}rem` }}
              className="elearning-tree__item"
            >
              <input
                type="checkbox"
                checked={assigned.has(unit.uuid) || chosen.has(unit.uuid)}
                disabled={assigned.has(unit.uuid)}
                onChange={() => toggle(unit.uuid)}
              />{' '}
              {unit.orgUnitName}
              {unit.isDefault && <span className="elearning-hint"> ({t('orgUnits.everyone')})</span>}
              <span className="elearning-hint"> · {t('orgUnits.memberCount', { count: unit.memberCount })}</span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}

function RemoveModal({
  uuid,
  unit,
  onClose,
}: {
  uuid: string;
  unit: ElearningOrgUnitAssignment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('elearnings');
  const remove = useChangeOrgUnits('remove');
  const [shown, setShown] = useState<ElearningOrgUnitAssignment | null>(unit);
  if (unit && unit !== shown) setShown(unit);
  async function submit() {
    if (!shown) return;
    const result = await remove.mutateAsync({ uuid, orgUnitUuids: [shown.orgUnitUuid] });
    showToast({
      type: 'success',
      title: t('common:toast.successTitle'),
      message: t('orgUnits.removed', { count: result.changedTaskCount }),
    });
    onClose();
  }
  return (
    <ConfirmDialog
      open={unit !== null}
      onClose={onClose}
      title={t('orgUnits.removeHeadline')}
      testId="remove-modal"
      text={t('orgUnits.removeText', { name: shown?.orgUnitName ?? '' })}
      confirmLabel={t('orgUnits.remove')}
      variant="danger"
      busy={remove.isPending}
      onConfirm={submit}
    />
  );
}
