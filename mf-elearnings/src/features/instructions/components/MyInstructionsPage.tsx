import type { MyInstruction } from '@dash/shared-core';
import { PageHeader, showToast, useMemberState } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyInstructions } from '../api/getMyInstructions';
import { useSignOwn } from '../api/signOwn';
import { DueStateBadge } from './DueStateBadge';
import { dayFormatter } from './formatDay';
import { SignatureDialog } from './SignatureDialog';

const SORT_KEYS = ['dueDate', 'title', 'heldOn'] as const;
const FILTERS = ['state'] as const;

/**
 * Meine Unterweisungen: the instructions the member was part of. One not signed yet is his task (due the confirm-by
 * day): he signs it here on his own device. A signed one shows when the topic is due again.
 */
export default function MyInstructionsPage() {
  const { t, i18n } = useTranslation('elearnings');
  const table = useTableState(SORT_KEYS, 'dueDate', FILTERS);
  const { state } = table;
  const filterState = state.filter.state;
  const query = useMyInstructions(
    tableRequest(state, { state: filterState === 'toSign' || filterState === 'signed' ? filterState : undefined }),
  );
  const details = useMemberState()?.memberDetails;
  const ownName = details ? `${details.firstName} ${details.lastName}` : '';
  const sign = useSignOwn();
  const [signing, setSigning] = useState<MyInstruction | null>(null);
  const day = dayFormatter(i18n.language);
  const columns: Column<MyInstruction>[] = [
    {
      name: 'title',
      label: t('instructions.columns.title'),
      sortable: true,
      value: (row) => <strong>{row.title}</strong>,
    },
    {
      name: 'heldOn',
      label: t('instructions.columns.heldOn'),
      sortable: true,
      value: (row) => <span className="elearning-nowrap">{day(row.heldOn)}</span>,
    },
    { name: 'instructorName', label: t('instructions.columns.instructor'), value: (row) => row.instructorName },
    { name: 'state', label: t('instructions.columns.state'), value: (row) => <DueStateBadge state={row.dueState} /> },
    {
      name: 'dueDate',
      label: t('instructions.columns.due'),
      sortable: true,
      value: (row) =>
        row.confirmedAt
          ? t('instructions.nextDue', { date: row.nextDueDate ? day(row.nextDueDate) : '' })
          : t('instructions.dueBy', { date: day(row.dueDate) }),
    },
    {
      name: 'documents',
      label: t('instructions.fields.documents'),
      value: (row) => row.documents.map((document) => document.title).join(', '),
    },
    {
      name: 'actions',
      label: t('instructions.columns.actions'),
      value: (row) =>
        row.confirmedAt ? (
          t('instructions.signedAt', { date: day(row.confirmedAt) })
        ) : (
          <button
            type="button"
            className="ui-button ui-button--small"
            onClick={() => setSigning(row)}
            aria-label={t('instructions.sign.actionFor', { name: row.title })}
            data-testid="my-instruction-sign"
          >
            {t('instructions.sign.action')}
          </button>
        ),
    },
  ];
  return (
    <>
      <PageHeader title={t('instructions.my.title')} />
      <p className="elearning-description">{t('instructions.my.intro')}</p>
      <DataTable
        caption={t('instructions.my.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(row) => row.uuid}
        emptyText={t('instructions.my.empty')}
        filters={[
          {
            name: 'state',
            type: 'dropdown',
            label: t('instructions.columns.state'),
            options: [
              { value: '', label: t('instructions.my.all') },
              { value: 'toSign', label: t('instructions.my.toSign') },
              { value: 'signed', label: t('instructions.my.signed') },
            ],
          },
        ]}
      />
      <SignatureDialog
        open={signing !== null}
        memberName={ownName}
        onClose={() => setSigning(null)}
        onSign={async (signaturePng) => {
          if (!signing) return;
          await sign.mutateAsync({ attendanceUuid: signing.uuid, signaturePng });
          showToast({
            type: 'success',
            title: t('instructions.sign.doneTitle'),
            message: t('instructions.sign.doneOwn', { title: signing.title }),
          });
        }}
      />
    </>
  );
}
