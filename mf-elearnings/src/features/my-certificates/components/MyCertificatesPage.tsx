import { type Language, localeOf, type MyCertificate } from '@dash/shared-core';
import { CERTIFICATE_VALIDITIES, type CertificateValidity, MY_CERTIFICATES_SORT_KEYS } from '@dash/shared-core/calls';
import { Link, PageHeader } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { certificatePath } from '../../../routes';
import { certificatePdfUrl } from '../../certificate/api/getResultData';
import { useMyCertificates } from '../api/getMyCertificates';

const FILTERS = ['search', 'validity'] as const;

export const VALIDITY_BADGE: Record<CertificateValidity, string> = {
  valid: 'ui-badge--success',
  expired: 'ui-badge--danger',
  noExpiry: 'ui-badge--info',
};

function isValidity(value: string | undefined): value is CertificateValidity {
  return (CERTIFICATE_VALIDITIES as readonly string[]).includes(value ?? '');
}

/**
 * Meine Nachweise: the member's certificates with their validity (until the course's repeat is due), the certificate
 * page and its PDF. The expired ones first (default sort: valid until, ascending), the unlimited ones last.
 */
export default function MyCertificatesPage() {
  const { t, i18n } = useTranslation('elearnings');
  const table = useTableState(MY_CERTIFICATES_SORT_KEYS, 'validUntil', FILTERS);
  const { state } = table;
  const query = useMyCertificates(
    tableRequest(state, {
      search: state.filter.search || undefined,
      validity: isValidity(state.filter.validity) ? state.filter.validity : undefined,
    }),
  );
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const columns: Column<MyCertificate>[] = [
    { name: 'courseTitle', label: t('myCertificates.columns.course'), sortable: true, value: (row) => row.courseTitle },
    {
      name: 'completedAt',
      label: t('myCertificates.columns.completedAt'),
      sortable: true,
      value: (row) => dateFormat.format(new Date(row.completedAt)),
    },
    {
      name: 'validUntil',
      label: t('myCertificates.columns.validUntil'),
      sortable: true,
      value: (row) =>
        row.validUntil ? dateFormat.format(new Date(`${row.validUntil}T00:00:00`)) : t('myCertificates.noExpiry'),
    },
    {
      name: 'validity',
      label: t('myCertificates.columns.validity'),
      value: (row) => (
        <span className={`ui-badge ${VALIDITY_BADGE[row.validity]}`} data-testid="certificate-validity">
          {t(`myCertificates.validity.${row.validity}`)}
        </span>
      ),
    },
    {
      name: 'verificationCode',
      label: t('myCertificates.columns.code'),
      value: (row) => <code className="elearning-certificate-code">{row.verificationCode}</code>,
    },
    {
      name: 'actions',
      label: t('myCertificates.columns.actions'),
      value: (row) => (
        <span className="elearning-certificate-links">
          <Link to={certificatePath(row.uuid)} aria-label={t('myCertificates.viewOf', { course: row.courseTitle })}>
            {t('myCertificates.view')}
          </Link>
          <a
            href={certificatePdfUrl(row.uuid)}
            download
            aria-label={t('myCertificates.pdfOf', { course: row.courseTitle })}
            data-testid="my-certificate-pdf"
          >
            {t('myCertificates.pdf')}
          </a>
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('myCertificates.title')} />
      <p className="elearning-description">{t('myCertificates.intro')}</p>
      <DataTable
        caption={t('myCertificates.caption')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(row) => row.uuid}
        emptyText={t('myCertificates.empty')}
        filters={[
          { name: 'search', type: 'search', label: t('myCertificates.search') },
          {
            name: 'validity',
            type: 'dropdown',
            label: t('myCertificates.columns.validity'),
            options: [
              { value: '', label: t('myCertificates.allValidities') },
              ...CERTIFICATE_VALIDITIES.map((validity) => ({
                value: validity,
                label: t(`myCertificates.validity.${validity}`),
              })),
            ],
          },
        ]}
      />
    </>
  );
}
