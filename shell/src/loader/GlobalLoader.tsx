import { useLoaderStore } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';

/** A thin bar at the top while the page loads, saves or signs in; the text is for screen readers. */
export function GlobalLoader() {
  const { t } = useTranslation('common');
  const visible = useLoaderStore((state) => state.visible);
  return (
    <div className="shell-loader" data-loader={visible} aria-live="polite">
      {visible !== 'hide' && (
        <>
          <div className={`shell-loader__bar shell-loader__bar--${visible}`} aria-hidden="true" />
          <span className="ui-visually-hidden">{t(`loader.${visible}`)}</span>
        </>
      )}
    </div>
  );
}
