import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const IncompatibleReleasePanel = lazy(() => import('./IncompatibleReleasePanel'));

/**
 * In-place error of an area that could not be loaded; everything around it keeps working. A release that does not fit
 * the dashboard (docs/releases.md) says so instead, with the reasons.
 */
export function RemoteErrorPanel({
  area,
  onRetry,
  incompatible,
}: {
  area?: string;
  onRetry: () => void;
  incompatible?: { version: string; problems: string[] };
}) {
  const { t } = useTranslation('common');
  if (incompatible) {
    return (
      <Suspense fallback={null}>
        <IncompatibleReleasePanel area={area} incompatible={incompatible} />
      </Suspense>
    );
  }
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
