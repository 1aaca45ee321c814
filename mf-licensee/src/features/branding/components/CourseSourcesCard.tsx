import { courseSourceLines, courseSourcesText, type LicenseeCourseSources } from '@dash/shared-core';
import { CheckboxField, FormError, inlineErrorText, Spinner, showToast, TextAreaField, useForm } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { useCourseSources } from '../api/getCourseSources';
import { useUpdateCourseSources } from '../api/updateCourseSources';

/**
 * The course content sources (docs/scorm.md "Policies"): the hosts the SCORM courses of the licensee's clients may
 * load scripts, styles, fonts, media and images from. The server's default applies until the licensee sets its own
 * list; a change applies from the next launch of a course.
 */
export function CourseSourcesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('licensee');
  const query = useCourseSources();
  return (
    <section className="ui-card" data-testid="course-sources-card">
      <h2>{t('courseSources.title')}</h2>
      <p className="licensee-hint">{t('courseSources.hint')}</p>
      {query.isPending ? (
        <Spinner />
      ) : !query.data ? (
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      ) : (
        // A new form per saved version: it starts from what the server answered.
        <CourseSourcesForm key={JSON.stringify(query.data.sources)} data={query.data} editable={editable} />
      )}
    </section>
  );
}

function CourseSourcesForm({ data, editable }: { data: LicenseeCourseSources; editable: boolean }) {
  const { t } = useTranslation('licensee');
  const update = useUpdateCourseSources();
  const form = useForm<{ useDefault: string; sources: string }>({
    initialValues: { useDefault: data.sources === null ? 'true' : '', sources: (data.sources ?? []).join('\n') },
    fields: { sources: { rules: [courseSourcesText] } },
    send: async (values) => {
      await update.mutateAsync(values.useDefault ? null : courseSourceLines(values.sources));
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('courseSources.saved') });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  const useDefault = form.values.useDefault === 'true';
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="course-sources-form">
      <p className="licensee-hint" data-testid="course-sources-default">
        {t('courseSources.serverDefault')} <code>{data.serverDefault.join(' ') || t('courseSources.none')}</code>
      </p>
      <FormError error={form.error} testId="course-sources-error" />
      <fieldset className="licensee-fieldset" disabled={!editable}>
        <CheckboxField
          label={t('courseSources.useDefault')}
          checked={useDefault}
          onChange={(checked) => form.set('useDefault')(checked ? 'true' : '')}
          name="useDefault"
        />
        {!useDefault && (
          <TextAreaField
            label={t('courseSources.sources')}
            hint={t('courseSources.sourcesHint')}
            {...form.field('sources')}
            rows={5}
            spellCheck={false}
            autoComplete="off"
            placeholder={'https://cdn.vendor.example\nhttps://*.fonts.example'}
            data-testid="course-sources-text"
          />
        )}
      </fieldset>
      {editable && (
        <div className="ui-form-actions">
          <button type="submit" className="ui-button" disabled={form.busy} data-testid="course-sources-save">
            {t('common:common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
