import { useTranslation } from 'react-i18next';

/** In-place error of an area that could not be loaded; everything around it keeps working. */
export function RemoteErrorPanel({ area, onRetry }: { area?: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <section className="shell-message" role="alert" data-testid="remote-error">
      <h1>{t('remoteError.title')}</h1>
      <p>{t('remoteError.text', { area: area ?? '' })}</p>
      <button type="button" className="ui-button" onClick={onRetry}>
        {t('remoteError.retry')}
      </button>
    </section>
  );
}
