import type { InstructionAttendance, Language } from '@dash/shared-core';
import { hasAnyPermission } from '@dash/shared-core';
import { INSTRUCTION_CONFIRM_GRACE_DAYS } from '@dash/shared-core/calls';
import { PageHeader, Spinner, showToast, useMemberState, useNavigate, useParams } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES } from '../../../routes';
import { useAddJoiners } from '../api/addJoiners';
import { useDeleteInstruction } from '../api/deleteInstruction';
import { exportInstructionPdf } from '../api/exportInstructionPdf';
import { useAttendanceList } from '../api/getAttendanceList';
import { useInstructionDetails } from '../api/getInstructionDetails';
import { useSignForMember } from '../api/signForMember';
import { DueStateBadge } from './DueStateBadge';
import { dayFormatter } from './formatDay';
import { SignatureDialog } from './SignatureDialog';

const SORT_KEYS = ['memberName', 'confirmedAt'] as const;
const FILTERS = ['search'] as const;

/**
 * One instruction: its facts, the documents handed out, and every member of it with his signature state. On the
 * instructor's device, "Sign" opens the pad for a member who is present; the record prints as PDF.
 */
export default function InstructionDetailsPage() {
  const { t, i18n } = useTranslation('elearnings');
  const { instructionUuid = '' } = useParams();
  const permissions = useMemberState()?.member.permissions ?? [];
  const mayRecord = hasAnyPermission(permissions, ['instruction.record']);
  const details = useInstructionDetails(instructionUuid);
  const table = useTableState(SORT_KEYS, 'memberName', FILTERS);
  const { state } = table;
  const attendance = useAttendanceList({
    ...tableRequest(state, { search: state.filter.search || undefined }),
    uuid: instructionUuid,
  });
  const sign = useSignForMember();
  const [signing, setSigning] = useState<InstructionAttendance | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteInstruction();
  const [addingJoiners, setAddingJoiners] = useState(false);
  const joiners = useAddJoiners();
  const navigate = useNavigate();
  const day = dayFormatter(i18n.language);
  const back = { to: ELEARNING_ROUTES.instructionList, label: t('instructions.backToList') };
  if (details.isPending) return <Spinner />;
  if (details.isError || !details.data) {
    return (
      <>
        <PageHeader title={t('instructions.details.title')} link={back} />
        <p role="alert">{t('instructions.details.notFound')}</p>
      </>
    );
  }
  const instruction = details.data;
  const downloadPdf = async () => {
    setDownloading(true);
    try {
      await exportInstructionPdf(
        { uuid: instruction.uuid, language: (i18n.language === 'en_GB' ? 'en_GB' : 'de_DE') as Language },
        `${t('instructions.pdfName')} ${instruction.title} ${instruction.heldOn}.pdf`,
      );
    } catch {
      showToast({ type: 'danger', title: t('common:toast.errorTitle'), message: t('instructions.pdfFailed') });
    } finally {
      setDownloading(false);
    }
  };
  const confirmDelete = async () => {
    await remove.mutateAsync(instruction.uuid);
    showToast({ type: 'success', title: t('instructions.delete.headline'), message: t('instructions.delete.done') });
    navigate(ELEARNING_ROUTES.instructionList);
  };
  const confirmJoiners = async () => {
    const answer = await joiners.mutateAsync(instruction.uuid);
    setAddingJoiners(false);
    showToast({
      type: 'success',
      title: t('instructions.joiners.headline'),
      message: t('instructions.joiners.done', { count: answer.added }),
    });
  };
  // Until somebody has signed, a record made by mistake (wrong group, wrong day) can go; a signed one is evidence.
  const mayDelete = mayRecord && instruction.signatureCount === 0;
  const columns: Column<InstructionAttendance>[] = [
    { name: 'memberName', label: t('instructions.columns.member'), sortable: true, value: (row) => row.memberName },
    { name: 'state', label: t('instructions.columns.state'), value: (row) => <DueStateBadge state={row.dueState} /> },
    {
      name: 'confirmedAt',
      label: t('instructions.columns.confirmedAt'),
      sortable: true,
      value: (row) =>
        row.confirmedAt
          ? `${day(row.confirmedAt)} · ${t(`instructions.signedOn.${row.signedOn ?? 'own-device'}`)}`
          : t('instructions.dueBy', { date: day(row.dueDate) }),
    },
    {
      name: 'nextDueDate',
      label: t('instructions.columns.nextDue'),
      value: (row) => (row.nextDueDate ? day(row.nextDueDate) : ''),
    },
    ...(mayRecord
      ? [
          {
            name: 'actions',
            label: t('instructions.columns.actions'),
            value: (row: InstructionAttendance) =>
              row.confirmedAt ? null : (
                <button
                  type="button"
                  className="ui-button ui-button--small"
                  onClick={() => setSigning(row)}
                  aria-label={t('instructions.sign.actionFor', { name: row.memberName })}
                  data-testid="instruction-sign"
                >
                  {t('instructions.sign.action')}
                </button>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title={instruction.title}
        link={back}
        actions={
          <>
            {mayDelete && (
              <button
                type="button"
                className="ui-button ui-button--ghost"
                onClick={() => setDeleting(true)}
                data-testid="instruction-delete"
              >
                {t('instructions.delete.action')}
              </button>
            )}
            <button
              type="button"
              className="ui-button ui-button--ghost"
              onClick={() => void downloadPdf()}
              disabled={downloading}
              data-testid="instruction-pdf"
            >
              {t('instructions.pdf')}
            </button>
          </>
        }
      />
      <dl className="elearning-instruction-facts" data-testid="instruction-facts">
        <dt>{t('instructions.fields.heldOn')}</dt>
        <dd>{day(instruction.heldOn)}</dd>
        <dt>{t('instructions.fields.instructor')}</dt>
        <dd>{instruction.instructorName}</dd>
        <dt>{t('instructions.columns.target')}</dt>
        <dd>
          {instruction.targetName} ({t(`instructions.targetType.${instruction.targetType}`)})
        </dd>
        <dt>{t('instructions.fields.repeat')}</dt>
        <dd>{t('instructions.everyMonths', { count: instruction.repeatIntervalMonths })}</dd>
        <dt>{t('instructions.fields.confirmBy')}</dt>
        <dd>{day(instruction.confirmBy)}</dd>
        <dt>{t('instructions.fields.elearning')}</dt>
        <dd data-testid="instruction-elearning">
          {instruction.elearning
            ? t('instructions.elearningCounts', { title: instruction.elearning.title })
            : t('instructions.fields.noElearning')}
        </dd>
        <dt>{t('instructions.fields.documents')}</dt>
        <dd>
          {instruction.documents.length > 0
            ? instruction.documents.map((document) => document.title).join(', ')
            : t('instructions.noDocuments')}
        </dd>
        <dt>{t('instructions.columns.signed')}</dt>
        <dd data-testid="instruction-signed-count">
          {t('instructions.signedOf', { signed: instruction.confirmedCount, total: instruction.attendeeCount })}
        </dd>
      </dl>
      {mayRecord && instruction.joinerCount > 0 && (
        <div className="ui-alert ui-alert--info" data-testid="instruction-joiners">
          <p>{t('instructions.joiners.notice', { count: instruction.joinerCount, target: instruction.targetName })}</p>
          <button type="button" className="ui-button ui-button--small" onClick={() => setAddingJoiners(true)}>
            {t('instructions.joiners.action', { count: instruction.joinerCount })}
          </button>
        </div>
      )}
      <DataTable
        caption={t('instructions.details.attendance')}
        columns={columns}
        {...queryRows(attendance)}
        table={table}
        rowKey={(row) => row.uuid}
        filters={[{ name: 'search', type: 'search', label: t('instructions.searchMember') }]}
      />
      <SignatureDialog
        open={signing !== null}
        memberName={signing?.memberName ?? ''}
        onClose={() => setSigning(null)}
        onSign={async (signaturePng) => {
          if (!signing) return;
          await sign.mutateAsync({ attendanceUuid: signing.uuid, signaturePng });
          showToast({
            type: 'success',
            title: t('instructions.sign.doneTitle'),
            message: t('instructions.sign.doneFor', { name: signing.memberName }),
          });
        }}
      />
      <ConfirmDialog
        open={addingJoiners}
        onClose={() => setAddingJoiners(false)}
        title={t('instructions.joiners.headline')}
        testId="instruction-joiners-modal"
        text={t('instructions.joiners.text', { count: instruction.joinerCount, days: INSTRUCTION_CONFIRM_GRACE_DAYS })}
        confirmLabel={t('instructions.joiners.confirm')}
        busy={joiners.isPending}
        onConfirm={confirmJoiners}
      />
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('instructions.delete.headline')}
        testId="instruction-delete-modal"
        text={t('instructions.delete.text', { title: instruction.title, count: instruction.attendeeCount })}
        confirmLabel={t('instructions.delete.confirm')}
        variant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
