import { formatDurationMinutesSeconds, type Language, localeOf, verificationUrl } from '@dash/shared-core';
import { Link, Spinner, useLicensee, useParams } from '@dash/shared-ui';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES } from '../../../routes';
import { certificatePdfUrl, useResultData } from '../api/getResultData';

/**
 * The participation certificate (spec: certificate/{resultUuid}) in the print layout without the support chat:
 * name, course, date, duration and score in the licensee's branding; prints on one landscape page and downloads
 * as a PDF made by the server. The texts follow the language the certificate was earned in.
 */
export default function CertificatePage() {
  const { t, i18n } = useTranslation('elearnings');
  const { resultUuid = '' } = useParams();
  const licensee = useLicensee();
  const query = useResultData(resultUuid);
  if (query.isPending) return <Spinner />;
  if (!query.data) {
    return (
      <div className="elearning-certificate-actions" data-testid="certificate-not-found">
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.ElearningResult.NotFound')}</p>
        <Link to={ELEARNING_ROUTES.myElearnings}>{t('my.title')}</Link>
      </div>
    );
  }
  const result = query.data;
  const certificateT = i18n.getFixedT(result.language, 'elearnings');
  const date = new Intl.DateTimeFormat(localeOf(result.language as Language), { dateStyle: 'long' }).format(
    new Date(result.completedAt),
  );
  const branding = {
    '--certificate-primary': licensee?.theme.light.primary ?? '#3b3b3b',
    '--certificate-contrast': licensee?.theme.light.contrast ?? '#ffffff',
  } as CSSProperties;
  return (
    <>
      <nav className="elearning-certificate-actions" aria-label={t('certificate.actions')}>
        <Link to={ELEARNING_ROUTES.myElearnings}>‹ {t('my.title')}</Link>
        <span className="elearning-certificate-actions__buttons">
          <button type="button" className="ui-button ui-button--ghost" onClick={() => window.print()}>
            {t('certificate.print')}
          </button>
          <a className="ui-button" href={certificatePdfUrl(result.uuid)} download data-testid="certificate-pdf">
            {t('certificate.download')}
          </a>
        </span>
      </nav>
      <article
        className="elearning-certificate"
        style={branding}
        lang={result.language.slice(0, 2)}
        data-testid="certificate"
        aria-labelledby="certificate-heading"
      >
        <header className="elearning-certificate__band">
          {licensee?.images.logo && <img src={licensee.images.logo} alt="" className="elearning-certificate__logo" />}
          <span>{licensee?.licenseeName}</span>
        </header>
        <div className="elearning-certificate__body">
          <h1 id="certificate-heading">{certificateT('certificate.heading')}</h1>
          <p>{certificateT('certificate.confirms')}</p>
          <p className="elearning-certificate__name" data-testid="certificate-name">
            {result.memberName}
          </p>
          <p>{certificateT('certificate.completed')}</p>
          <p className="elearning-certificate__course" data-testid="certificate-course">
            {result.courseTitle}
          </p>
          <p>{certificateT('certificate.successfully')}</p>
          <dl className="elearning-certificate__facts">
            <div>
              <dt>{certificateT('certificate.date')}</dt>
              <dd>{date}</dd>
            </div>
            <div>
              <dt>{certificateT('certificate.duration')}</dt>
              <dd data-testid="certificate-duration">
                {formatDurationMinutesSeconds(result.durationSeconds, result.language as Language)}
              </dd>
            </div>
            <div>
              <dt>{certificateT('certificate.score')}</dt>
              <dd data-testid="certificate-score">
                {result.scorePercent === null
                  ? certificateT('certificate.noScore')
                  : `${Math.round(result.scorePercent)} %`}
              </dd>
            </div>
            <div>
              <dt>{certificateT('certificate.company')}</dt>
              <dd>{result.clientName}</dd>
            </div>
          </dl>
        </div>
        <footer className="elearning-certificate__verify" data-testid="certificate-verification">
          <span>
            {certificateT('certificate.code')} <strong>{result.verificationCode}</strong>
          </span>
          <span>
            {certificateT('certificate.check')} {verificationUrl(result.verificationCode, window.location.origin)}
          </span>
        </footer>
      </article>
    </>
  );
}
