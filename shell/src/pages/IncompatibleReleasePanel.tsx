import { useTranslation } from 'react-i18next';

/**
 * The in-place error of an area whose release does not fit the dashboard (docs/releases.md), with the reasons. No
 * retry: trying again cannot change it. A chunk of its own: only a release that does not fit ever shows it.
 */
export default function IncompatibleReleasePanel({
  area,
  incompatible,
}: {
  area?: string;
  incompatible: { version: string; problems: string[] };
}) {
  const { t } = useTranslation('common');
  return (
    <section className="shell-message" role="alert" data-testid="remote-error">
      <h1>{t('remoteError.incompatibleTitle')}</h1>
      <p>{t('remoteError.incompatibleText', { area: area ?? '', version: incompatible.version })}</p>
      <p>{t('remoteError.reason')}:</p>
      <ul data-testid="remote-error-reasons">
        {incompatible.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </section>
  );
}
