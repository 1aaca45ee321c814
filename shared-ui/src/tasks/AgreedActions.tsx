import { type Language, localeOf, localized, type UnitAction } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

/**
 * What taking part in risk assessments changed: the agreed actions of the member's assessed units, read-only.
 * Shown on My analyses and on the start page; each area fetches them with its own call file.
 */
export function AgreedActions({ items }: { items: readonly UnitAction[] | undefined }) {
  const { t, i18n } = useTranslation('common');
  if (!items || items.length === 0) return null;
  const format = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const day = (value: string) => format.format(new Date(`${value}T00:00:00`));
  return (
    <section
      className="ui-agreed-actions ui-card"
      aria-labelledby="ui-agreed-actions-title"
      data-testid="agreed-actions"
    >
      <h2 id="ui-agreed-actions-title">{t('agreedActions.title')}</h2>
      <p>{t('agreedActions.intro')}</p>
      <ul>
        {items.map((action) => (
          <li key={action.uuid} data-done={action.doneAt !== null}>
            <strong>{localized(action.description, i18n.language)}</strong>
            <div className="ui-agreed-actions__meta">
              {action.title} · {action.targetName} · {localized(action.load, i18n.language)} ·{' '}
              {action.doneAt
                ? t('agreedActions.done', { date: day(action.doneAt) })
                : t('agreedActions.due', { date: day(action.dueDate) })}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
