import { formatFileSize, type Language, localeOf, type Template } from '@dash/shared-core';
import { TEMPLATE_CATEGORIES, TEMPLATE_UPLOAD_PATH, type TemplateCategory } from '@dash/shared-core/calls';
import { PageHeader, showToast, useCan } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { Upload } from '@dash/shared-ui/upload';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteTemplate } from '../api/deleteTemplate';
import { useTemplates } from '../api/getTemplates';
import './templates.css';

const SORT_KEYS = ['category', 'title', 'createdAt'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['category', 'search'] as const;

function UploadBlock() {
  const { t } = useTranslation('start');
  const client = useQueryClient();
  const [category, setCategory] = useState<TemplateCategory>('operating-instructions');
  const [title, setTitle] = useState('');
  const categoryId = useId();
  const titleId = useId();
  return (
    <section className="ui-card templates__upload" aria-labelledby={`${titleId}-headline`}>
      <h2 id={`${titleId}-headline`}>{t('templates.upload.title')}</h2>
      <div className="templates__upload-fields">
        <div className="ui-field">
          <label htmlFor={categoryId}>{t('templates.columns.category')}</label>
          <select
            id={categoryId}
            value={category}
            onChange={(event) => setCategory(event.target.value as TemplateCategory)}
            data-testid="upload-category"
          >
            {TEMPLATE_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {t(`templates.category.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor={titleId}>{t('templates.upload.name')}</label>
          <input
            id={titleId}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
            data-testid="upload-title"
          />
        </div>
      </div>
      <Upload
        label={t('templates.upload.label')}
        url={TEMPLATE_UPLOAD_PATH}
        fieldName="file"
        fields={{ category, ...(title.trim() ? { title: title.trim() } : {}) }}
        onUploaded={(entry) => {
          if (entry.status !== 'done') return;
          setTitle('');
          void client.invalidateQueries({ queryKey: ['templateList'] });
          showToast({
            type: 'success',
            title: t('common:toast.successTitle'),
            message: t('templates.upload.done', { name: entry.file.name }),
          });
        }}
      />
    </section>
  );
}

/** Templates (apps/templates): the licensee's and the company's documents by category; admins upload and delete. */
export default function TemplatesPage() {
  const { t, i18n } = useTranslation('start');
  const can = useCan();
  const table = useTableState<SortKey>(SORT_KEYS, 'category', FILTERS);
  const { state } = table;
  const category = TEMPLATE_CATEGORIES.find((option) => option === state.filter.category);
  const search = state.filter.search?.trim() || undefined;
  const query = useTemplates(tableRequest(state, { ...(category ? { category } : {}), ...(search ? { search } : {}) }));
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const columns: Column<Template>[] = [
    {
      name: 'title',
      label: t('templates.columns.title'),
      sortable: true,
      value: (row) => (
        <a href={row.downloadUrl} download={row.filename} aria-label={`${t('templates.download')}: ${row.title}`}>
          {row.title}
        </a>
      ),
    },
    {
      name: 'category',
      label: t('templates.columns.category'),
      sortable: true,
      value: (row) => t(`templates.category.${row.category}`),
    },
    {
      name: 'file',
      label: t('templates.columns.file'),
      value: (row) => `${row.filename} (${formatFileSize(row.sizeBytes, i18n.language as Language)})`,
    },
    { name: 'source', label: t('templates.columns.source'), value: (row) => t(`templates.source.${row.source}`) },
    {
      name: 'createdAt',
      label: t('templates.columns.createdAt'),
      sortable: true,
      value: (row) => dateFormat.format(new Date(row.createdAt)),
    },
  ];
  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.uuid);
    showToast({
      type: 'success',
      title: t('common:toast.successTitle'),
      message: t('templates.delete.done', { title: deleting.title }),
    });
    setDeleting(null);
  };
  return (
    <>
      <PageHeader title={t('templates.title')} />
      <p>{t('templates.intro')}</p>
      {can(['templates.upload'], 'templates') && <UploadBlock />}
      <DataTable
        caption={t('templates.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(row) => row.uuid}
        rowLabel={(row) => row.title}
        emptyText={t('templates.empty')}
        filters={[
          {
            name: 'category',
            type: 'dropdown',
            label: t('templates.columns.category'),
            options: [
              { value: '', label: t('templates.allCategories') },
              ...TEMPLATE_CATEGORIES.map((option) => ({ value: option, label: t(`templates.category.${option}`) })),
            ],
          },
          { name: 'search', type: 'search', label: t('templates.search') },
        ]}
        rowActions={[
          {
            id: 'delete',
            label: t('templates.delete.action'),
            permissions: ['templates.delete'],
            hidden: (row) => row.source !== 'client',
            onAction: (row) => setDeleting(row),
          },
        ]}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('templates.delete.headline')}
        testId="template-delete-modal"
        text={t('templates.delete.text', { title: deleting?.title ?? '' })}
        confirmLabel={t('templates.delete.confirm')}
        variant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
