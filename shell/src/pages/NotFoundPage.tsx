import { useHomePage } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage({ standalone }: { standalone?: boolean }) {
  const { t } = useTranslation('common');
  const home = useHomePage();
  const content = (
    <section className="shell-message" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="ui-button" to={home}>
        {t('notFound.back')}
      </Link>
    </section>
  );
  return standalone ? <main className="shell-plain">{content}</main> : content;
}
