import {
  ApiError,
  api,
  type CertificateVerification,
  formatVerificationCode,
  type Language,
  localeOf,
  normaliseVerificationCode,
  VERIFY_PATH,
} from '@dash/shared-core';
import { TextField } from '@dash/shared-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

type Check =
  | { state: 'idle' }
  | { state: 'invalid' }
  | { state: 'checking' }
  | { state: 'found'; certificate: CertificateVerification }
  | { state: 'notFound' }
  | { state: 'tooMany' }
  | { state: 'failed' };

/**
 * The public check of a certificate (/verify and /verify/{code}): no sign-in, in the sign-in frame of the host's
 * licensee, and no remote downloaded (the shell's own page). Shows what the call answers and nothing else: name,
 * course, completion date and whether the certificate is still valid.
 */
export default function VerifyPage() {
  const { t, i18n } = useTranslation('common');
  const { code: pathCode = '' } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(pathCode);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const code = normaliseVerificationCode(pathCode);

  useEffect(() => {
    setTyped(pathCode);
    if (!pathCode) {
      setCheck({ state: 'idle' });
      return;
    }
    if (!code) {
      setCheck({ state: 'invalid' });
      return;
    }
    const abort = new AbortController();
    setCheck({ state: 'checking' });
    api
      .call('certificateVerify', { code }, { signal: abort.signal, silent: true })
      .then((certificate) => {
        setCheck({ state: 'found', certificate });
        // The form is for the next code; a code not found stays in it, to be corrected.
        setTyped('');
      })
      .catch((caught: unknown) => {
        if (abort.signal.aborted) return;
        const status = caught instanceof ApiError ? caught.status : 0;
        setCheck({
          state: status === 404 ? 'notFound' : status === 400 ? 'invalid' : status === 429 ? 'tooMany' : 'failed',
        });
      });
    return () => abort.abort();
  }, [pathCode, code]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = normaliseVerificationCode(typed);
    if (!next) {
      setCheck({ state: 'invalid' });
      return;
    }
    navigate(`${VERIFY_PATH}/${formatVerificationCode(next)}`);
  }

  const language = (i18n.language === 'en_GB' ? 'en_GB' : 'de_DE') as Language;
  const dateFormat = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long' });
  const shownCode = code ? formatVerificationCode(code) : pathCode;
  return (
    <div className="shell-verify">
      <h1>{t('verify.title')}</h1>
      <p className="shell-verify__intro">{t('verify.intro')}</p>
      <div className="shell-verify__result" aria-live="polite" data-testid="verify-result">
        {check.state === 'checking' && <p>{t('verify.checking')}</p>}
        {check.state === 'invalid' && <p className="ui-alert ui-alert--danger">{t('verify.invalidCode')}</p>}
        {check.state === 'tooMany' && <p className="ui-alert ui-alert--danger">{t('verify.tooMany')}</p>}
        {check.state === 'failed' && <p className="ui-alert ui-alert--danger">{t('verify.failed')}</p>}
        {check.state === 'notFound' && (
          <div className="ui-alert ui-alert--danger" data-testid="verify-not-found">
            <h2>{t('verify.notFound')}</h2>
            <p>{t('verify.notFoundText', { code: shownCode })}</p>
          </div>
        )}
        {check.state === 'found' && (
          <section
            className={`shell-verify__card shell-verify__card--${check.certificate.valid ? 'valid' : 'expired'}`}
            data-testid="verify-found"
          >
            <h2 data-testid="verify-status">{t(check.certificate.valid ? 'verify.valid' : 'verify.expired')}</h2>
            <p>{t(check.certificate.valid ? 'verify.validText' : 'verify.expiredText')}</p>
            <dl className="ui-definition">
              <dt>{t('verify.name')}</dt>
              <dd data-testid="verify-name">{check.certificate.memberName}</dd>
              <dt>{t('verify.course')}</dt>
              <dd data-testid="verify-course">{check.certificate.courseTitle}</dd>
              <dt>{t('verify.completedAt')}</dt>
              <dd>{dateFormat.format(new Date(check.certificate.completedAt))}</dd>
              <dt>{t('verify.validUntil')}</dt>
              <dd data-testid="verify-valid-until">
                {check.certificate.validUntil
                  ? dateFormat.format(new Date(`${check.certificate.validUntil}T00:00:00`))
                  : t('verify.noExpiry')}
              </dd>
              <dt>{t('verify.code')}</dt>
              <dd>
                <code>{shownCode}</code>
              </dd>
            </dl>
          </section>
        )}
      </div>
      <form onSubmit={submit} noValidate className="shell-verify__form">
        {check.state !== 'idle' && <h2>{t('verify.another')}</h2>}
        <TextField
          label={t('verify.code')}
          value={typed}
          onChange={setTyped}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX"
          aria-describedby="verify-code-hint"
          data-testid="verify-code"
        />
        <p id="verify-code-hint" className="shell-verify__hint">
          {t('verify.codeHint')}
        </p>
        <button type="submit" className="ui-button">
          {t('verify.submit')}
        </button>
      </form>
    </div>
  );
}
