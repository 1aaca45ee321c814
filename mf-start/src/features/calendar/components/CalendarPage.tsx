import { PageHeader, useMemberState } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';

/** Only http(s) links open: a stored link is the company's configuration, never a script. */
function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Calendar (apps/calendar, flag `calendar`): the company's external calendar, opened in a new tab. */
export default function CalendarPage() {
  const { t } = useTranslation('start');
  const href = safeHref(useMemberState()?.externalCalendarHref);
  return (
    <>
      <PageHeader title={t('calendar.title')} />
      {href ? (
        <div className="ui-card" style={{ padding: '1rem 1.25rem' }}>
          <p>{t('calendar.intro')}</p>
          <a className="ui-button" href={href} target="_blank" rel="noopener noreferrer" data-testid="calendar-link">
            {t('calendar.open')}
          </a>
          <p style={{ color: 'var(--fg-muted)', marginTop: '0.75rem' }}>{t('calendar.newTab')}</p>
        </div>
      ) : (
        <p className="ui-empty" data-testid="calendar-missing">
          {t('calendar.missing')}
        </p>
      )}
    </>
  );
}
