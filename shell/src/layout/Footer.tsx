import { useLicensee } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';

/** Licensee name, legal notice and data protection; white-label partners add copyright and a partner note. */
export function Footer() {
  const { t } = useTranslation('common');
  const licensee = useLicensee();
  if (!licensee) return null;
  const { footer } = licensee;
  return (
    <footer className="shell-footer" data-testid="footer">
      {footer.licenseeLink ? (
        <a href={footer.licenseeLink}>{licensee.licenseeName}</a>
      ) : (
        <span>{licensee.licenseeName}</span>
      )}
      {footer.legalNoticeLink && <a href={footer.legalNoticeLink}>{t('footer.legalNotice')}</a>}
      {footer.dataProtectionLink && <a href={footer.dataProtectionLink}>{t('footer.dataProtection')}</a>}
      {licensee.isWhitelabelPartner && (
        <>
          <span>{t('footer.copyright', { year: new Date().getFullYear(), licensee: licensee.licenseeName })}</span>
          <span>{t('footer.partnerNote', { licensee: licensee.licenseeName })}</span>
        </>
      )}
    </footer>
  );
}
