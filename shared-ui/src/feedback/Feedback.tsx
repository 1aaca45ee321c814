import { useTranslation } from 'react-i18next';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="ui-spinner" role="status">
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <p className="ui-empty">{text}</p>;
}
