import { HOST_NAME_MAX_LENGTH, hostName, maxLength, normalizeHostName } from '@dash/shared-core';
import { FormError, inlineErrorText, Spinner, showToast, TextField, useForm } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddDomain } from '../api/addDomain';
import { useDomains } from '../api/getDomains';
import { useRemoveDomain } from '../api/removeDomain';

/**
 * The licensee's domains: the host names under which the dashboard shows its branding. Admins add and remove them;
 * the host this console is open under cannot be removed from here (Domain.Mismatch). A change shows at the next page
 * load of the host.
 */
export function DomainsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('licensee');
  const query = useDomains();
  const add = useAddDomain();
  const remove = useRemoveDomain();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const form = useForm<{ hostName: string }>({
    initialValues: { hostName: '' },
    fields: { hostName: { required: true, rules: [hostName, maxLength(HOST_NAME_MAX_LENGTH)] } },
    send: async (values) => {
      const added = normalizeHostName(values.hostName);
      await add.mutateAsync(added);
      form.reset();
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t('domains.added', { host: added }),
      });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });

  async function onRemove(host: string) {
    setRemoveError(null);
    try {
      await remove.mutateAsync(host);
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('domains.removed', { host }) });
    } catch (caught) {
      setRemoveError(inlineErrorText(t, caught));
    }
  }

  return (
    <section className="ui-card" data-testid="domains-card">
      <h2>{t('domains.title')}</h2>
      <p className="licensee-hint">{t('domains.hint')}</p>
      {query.isPending ? (
        <Spinner />
      ) : !query.data ? (
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      ) : query.data.items.length === 0 ? (
        <p className="licensee-hint">{t('domains.none')}</p>
      ) : (
        <ul className="branding-domains" data-testid="domains-list">
          {query.data.items.map((domain) => (
            <li key={domain.hostName} data-testid="domain-row">
              <span>
                <code>{domain.hostName}</code>
                {domain.current && <span className="licensee-hint"> · {t('domains.current')}</span>}
              </span>
              {editable && !domain.current && (
                <button
                  type="button"
                  className="ui-button ui-button--ghost"
                  onClick={() => void onRemove(domain.hostName)}
                  disabled={remove.isPending}
                  aria-label={t('domains.removeHost', { host: domain.hostName })}
                  data-testid={`domain-remove-${domain.hostName}`}
                >
                  {t('domains.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removeError && (
        <p className="ui-alert ui-alert--danger" role="alert" data-testid="domain-remove-error">
          {removeError}
        </p>
      )}
      {editable && (
        <form onSubmit={form.onSubmit} noValidate data-testid="domain-add-form">
          <FormError error={form.error} testId="domain-add-error" />
          <div className="branding-domain-add" key={form.generation}>
            <TextField
              label={t('domains.hostName')}
              {...form.field('hostName')}
              autoComplete="off"
              spellCheck={false}
              placeholder="portal.example.com"
            />
            <button type="submit" className="ui-button" disabled={form.busy} data-testid="domain-add">
              {t('domains.add')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
