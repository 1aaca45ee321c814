import {
  type BatchJob,
  hashPassword,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type ImportField,
  type ImportMapping,
  type ImportPasswordMode,
  type MemberImportOptions,
  type MemberImportUpload,
  password as passwordRule,
} from '@dash/shared-core';
import { API_ROUTES } from '@dash/shared-core/calls';
import {
  CheckboxField,
  Link,
  PageHeader,
  SelectField,
  Spinner,
  showToast,
  TextField,
  useSearchParams,
} from '@dash/shared-ui';
import { BatchProgress } from '@dash/shared-ui/display';
import { Upload } from '@dash/shared-ui/upload';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROUTES } from '../../../routes';
import { clearMemberListCache } from '../../members/api/getMemberList';
import { useImportCheck } from '../api/checkImport';
import { useDownloadErrorRows } from '../api/downloadErrorRows';
import { isOpenJob, useBatchJobStatus } from '../api/getBatchJobStatus';
import { useLatestImportJob } from '../api/getLatestImportJob';
import { useStartImport } from '../api/startImport';
import './memberImport.css';

type Step = 'upload' | 'mapping' | 'password' | 'summary' | 'job';
const STEPS: Exclude<Step, 'job'>[] = ['upload', 'mapping', 'password', 'summary'];
/** Fields a new member cannot do without (the summary names rows that lack them). */
const REQUIRED_FIELDS: readonly ImportField[] = ['firstName', 'lastName'];
/** Fields the password step sets itself (the password column) are not offered in the mapping step. */
const MAPPED_FIELDS = IMPORT_FIELDS.filter((field) => field !== 'password');

interface PasswordChoice {
  mode: ImportPasswordMode;
  password: string;
  column: string;
  generateUsernames: boolean;
}

/** A table wider or longer than the card scrolls inside it; the keyboard can reach and scroll it (axe). */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
    <section className="company-import__scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

function StepList({ current }: { current: Step }) {
  const { t } = useTranslation('company');
  const index = current === 'job' ? STEPS.length : STEPS.indexOf(current);
  return (
    <ol className="company-import__steps" aria-label={t('memberImport.steps.label')}>
      {STEPS.map((step, position) => (
        <li
          key={step}
          aria-current={position === index ? 'step' : undefined}
          className={position < index ? 'is-done' : position === index ? 'is-current' : undefined}
        >
          <span className="company-import__step-number">{position + 1}</span> {t(`memberImport.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

function UploadStep({ onUploaded }: { onUploaded: (upload: MemberImportUpload) => void }) {
  const { t } = useTranslation('company');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section className="ui-card">
      <h2>{t('memberImport.upload.title')}</h2>
      <p>{t('memberImport.upload.intro')}</p>
      {problem && (
        <p className="ui-alert ui-alert--danger" role="alert">
          {problem}
        </p>
      )}
      <Upload
        label={t('memberImport.upload.label')}
        url={API_ROUTES.memberImportUpload.path}
        allowedTypes={['csv', 'txt']}
        maxBytes={IMPORT_MAX_BYTES}
        onUploaded={(entry) => {
          if (entry.status === 'done') {
            setProblem(null);
            onUploaded(entry.response?.body as MemberImportUpload);
            return;
          }
          const body = entry.response?.body as { error?: { line?: number } } | undefined;
          const line = body?.error?.line;
          setProblem(
            entry.errorCode === 'MemberImport.CsvProcessingFailed' && line
              ? t('memberImport.upload.malformed', { line })
              : t(`common:errors.codes.${entry.errorCode}`, { defaultValue: t('memberImport.upload.failed') }),
          );
        }}
      />
    </section>
  );
}

function MappingStep({
  upload,
  mapping,
  onChange,
  onBack,
  onNext,
}: {
  upload: MemberImportUpload;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('company');
  const columnOptions = upload.headers.map((header, index) => ({
    value: String(index),
    label: header || t('memberImport.mapping.columnNumber', { number: index + 1 }),
  }));
  const missing = REQUIRED_FIELDS.filter((field) => mapping[field] === null);
  return (
    <section className="ui-card">
      <h2>{t('memberImport.mapping.title')}</h2>
      <p data-testid="import-detected">
        {t('memberImport.mapping.detected', {
          filename: upload.filename,
          rows: upload.rowCount,
          encoding: t(`memberImport.encoding.${upload.encoding}`),
          delimiter: t(
            `memberImport.delimiter.${upload.delimiter === '\t' ? 'tab' : upload.delimiter === ';' ? 'semicolon' : 'comma'}`,
          ),
          line: upload.headerLine,
        })}
      </p>
      <div className="company-import__mapping">
        {MAPPED_FIELDS.map((field) => (
          <SelectField
            key={field}
            name={field}
            label={t(`memberImport.fields.${field}`)}
            required={REQUIRED_FIELDS.includes(field)}
            value={mapping[field] === null ? '' : String(mapping[field])}
            placeholder={t('memberImport.mapping.notImported')}
            options={columnOptions}
            onChange={(value) => onChange({ ...mapping, [field]: value === '' ? null : Number(value) })}
          />
        ))}
      </div>
      <h3>{t('memberImport.mapping.preview')}</h3>
      <ScrollRegion label={t('memberImport.mapping.preview')}>
        <table className="ui-table" data-testid="import-preview">
          <caption className="ui-visually-hidden">{t('memberImport.mapping.preview')}</caption>
          <thead>
            <tr>
              {upload.headers.map((header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file
                <th key={index} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {upload.previewRows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed preview
              <tr key={rowIndex}>
                {upload.headers.map((_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {missing.length > 0 && (
        <p className="ui-alert" role="status">
          {t('memberImport.mapping.missing', {
            fields: missing.map((field) => t(`memberImport.fields.${field}`)).join(', '),
          })}
        </p>
      )}
      <div className="ui-form-actions">
        <button type="button" className="ui-button ui-button--ghost" onClick={onBack}>
          {t('memberImport.back')}
        </button>
        <button type="button" className="ui-button" onClick={onNext}>
          {t('memberImport.next')}
        </button>
      </div>
    </section>
  );
}

function PasswordStep({
  upload,
  choice,
  onChange,
  onBack,
  onNext,
}: {
  upload: MemberImportUpload;
  choice: PasswordChoice;
  onChange: (choice: PasswordChoice) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('company');
  const [submitted, setSubmitted] = useState(false);
  const valid =
    (choice.mode !== 'initial' || (choice.password !== '' && passwordRule(choice.password) === null)) &&
    (choice.mode !== 'byColumn' || choice.column !== '');
  return (
    <section className="ui-card">
      <h2>{t('memberImport.password.title')}</h2>
      <fieldset className="company-import__modes">
        <legend>{t('memberImport.password.legend')}</legend>
        {(['initial', 'byEmail', 'byColumn', 'noPassword'] as const).map((mode) => (
          <label key={mode} className="company-import__mode">
            <input
              type="radio"
              name="passwordMode"
              value={mode}
              checked={choice.mode === mode}
              onChange={() => onChange({ ...choice, mode })}
            />
            <span>
              <strong>{t(`memberImport.password.modes.${mode}`)}</strong>
              <br />
              <small>{t(`memberImport.password.hints.${mode}`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {choice.mode === 'initial' && (
        <TextField
          label={t('memberImport.password.initial')}
          type="password"
          autoComplete="new-password"
          required
          rules={[passwordRule]}
          showErrors={submitted}
          value={choice.password}
          onChange={(password) => onChange({ ...choice, password })}
        />
      )}
      {choice.mode === 'byColumn' && (
        <SelectField
          label={t('memberImport.password.column')}
          required
          showErrors={submitted}
          value={choice.column}
          placeholder={t('memberImport.password.chooseColumn')}
          options={upload.headers.map((header, index) => ({ value: String(index), label: header }))}
          onChange={(column) => onChange({ ...choice, column })}
        />
      )}
      <CheckboxField
        label={t('memberImport.password.generateUsernames')}
        checked={choice.generateUsernames}
        onChange={(generateUsernames) => onChange({ ...choice, generateUsernames })}
      />
      <div className="ui-form-actions">
        <button type="button" className="ui-button ui-button--ghost" onClick={onBack}>
          {t('memberImport.back')}
        </button>
        <button
          type="button"
          className="ui-button"
          onClick={() => {
            setSubmitted(true);
            if (valid) onNext();
          }}
        >
          {t('memberImport.toSummary')}
        </button>
      </div>
    </section>
  );
}

function SummaryStep({
  options,
  onBack,
  onStarted,
}: {
  options: MemberImportOptions;
  onBack: () => void;
  onStarted: (job: BatchJob) => void;
}) {
  const { t } = useTranslation('company');
  const check = useImportCheck(options);
  const download = useDownloadErrorRows();
  const start = useStartImport();
  if (check.isPending) return <Spinner label={t('memberImport.summary.checking')} />;
  if (check.isError || !check.data) {
    return (
      <section className="ui-card">
        <p className="ui-alert ui-alert--danger">{t('memberImport.summary.failed')}</p>
        <div className="ui-form-actions">
          <button type="button" className="ui-button ui-button--ghost" onClick={onBack}>
            {t('memberImport.back')}
          </button>
        </div>
      </section>
    );
  }
  const summary = check.data;
  const overLicence = summary.freeSeats !== null && summary.created > summary.freeSeats;
  const nothingToDo = summary.created + summary.updated === 0;
  return (
    <section className="ui-card">
      <h2>{t('memberImport.summary.title')}</h2>
      <dl className="company-import__counts" data-testid="import-summary">
        {(['created', 'updated', 'unchanged', 'skipped'] as const).map((key) => (
          <div key={key} className={`company-import__count is-${key}`}>
            <dt>{t(`memberImport.summary.${key}`)}</dt>
            <dd data-count={key}>{summary[key]}</dd>
          </div>
        ))}
      </dl>
      <p>{t(`memberImport.summary.matchBy.${summary.matchBy}`)}</p>
      {overLicence && (
        <p className="ui-alert ui-alert--danger" role="alert">
          {t('memberImport.summary.overLicence', {
            free: Math.max(0, summary.freeSeats ?? 0),
            needed: summary.created,
          })}
        </p>
      )}
      {summary.errorCount > 0 && (
        <>
          <h3>{t('memberImport.summary.errorsTitle', { count: summary.errorCount })}</h3>
          <ScrollRegion label={t('memberImport.summary.errorsTitle', { count: summary.errorCount })}>
            <table className="ui-table" data-testid="import-errors">
              <caption className="ui-visually-hidden">
                {t('memberImport.summary.errorsTitle', { count: summary.errorCount })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('memberImport.summary.line')}</th>
                  <th scope="col">{t('memberImport.summary.column')}</th>
                  <th scope="col">{t('memberImport.summary.message')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.errors.map((error, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line can have several errors of one column
                  <tr key={index}>
                    <td>{error.line}</td>
                    <td>{error.column ?? '–'}</td>
                    <td>{t(`memberImport.rowError.${error.key}`, error.params)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {summary.errorCount > summary.errors.length && (
            <p>{t('memberImport.summary.moreErrors', { shown: summary.errors.length, count: summary.errorCount })}</p>
          )}
          <p>
            <button
              type="button"
              className="ui-button ui-button--ghost"
              disabled={download.isPending}
              onClick={() => download.mutate(options)}
            >
              {t('memberImport.summary.downloadErrors')}
            </button>
          </p>
        </>
      )}
      <div className="ui-form-actions">
        <button type="button" className="ui-button ui-button--ghost" onClick={onBack}>
          {t('memberImport.back')}
        </button>
        <button
          type="button"
          className="ui-button"
          disabled={overLicence || nothingToDo || start.isPending}
          onClick={() => start.mutate(options, { onSuccess: onStarted })}
        >
          {t('memberImport.summary.start', { count: summary.created + summary.updated })}
        </button>
      </div>
    </section>
  );
}

function JobStep({ uuid, startedHere, onRestart }: { uuid: string; startedHere: boolean; onRestart: () => void }) {
  const { t } = useTranslation('company');
  const queryClient = useQueryClient();
  const status = useBatchJobStatus(uuid);
  const job = status.data;
  // The success toast is for a job seen running or started from this page, not for one opened again afterwards.
  const announced = useRef(false);
  const watched = useRef(startedHere);
  if (isOpenJob(job)) watched.current = true;
  useEffect(() => {
    if (job?.status !== 'finished' || announced.current || !watched.current) return;
    announced.current = true;
    // Spec section 7: the member list cache is cleared after an import.
    clearMemberListCache(queryClient);
    showToast({
      type: 'success',
      title: t('memberImport.job.toastTitle'),
      message: t('memberImport.job.toast', { created: job.result?.created ?? 0, updated: job.result?.updated ?? 0 }),
    });
  }, [job, queryClient, t]);
  if (!job) return <Spinner />;
  const failed = job.status === 'failedInitializing' || job.status === 'failedEnding';
  return (
    <section className="ui-card company-import__job" data-testid="import-job" data-status={job.status}>
      <h2>{t('memberImport.job.title')}</h2>
      <BatchProgress status={job.status} done={job.done} total={job.total} />
      {isOpenJob(job) && <p>{t('memberImport.job.leaveHint')}</p>}
      {job.status === 'finished' && job.result && (
        <>
          <dl className="company-import__counts" data-testid="import-result">
            {(['created', 'updated', 'unchanged', 'skipped'] as const).map((key) => (
              <div key={key} className={`company-import__count is-${key}`}>
                <dt>{t(`memberImport.job.result.${key}`)}</dt>
                <dd data-count={key}>{job.result?.[key]}</dd>
              </div>
            ))}
          </dl>
          {job.result.welcomeMails > 0 && (
            <p>{t('memberImport.job.welcomeMails', { count: job.result.welcomeMails })}</p>
          )}
        </>
      )}
      {failed && (
        <p className="ui-alert ui-alert--danger" role="alert">
          {t(`common:errors.codes.${job.errorCode ?? 'Generic.InternalError'}`, {
            defaultValue: t('memberImport.job.failed'),
          })}{' '}
          {t('memberImport.job.nothingWritten')}
        </p>
      )}
      {!isOpenJob(job) && (
        <div className="ui-form-actions">
          <button type="button" className="ui-button ui-button--ghost" onClick={onRestart}>
            {t('memberImport.job.another')}
          </button>
          <Link className="ui-button" to={COMPANY_ROUTES.memberList}>
            {t('memberImport.job.toList')}
          </Link>
        </div>
      )}
    </section>
  );
}

/**
 * The member import wizard (spec section 4): upload, assign fields, password option, summary, then the import as a
 * batch job. The job's uuid lives in the URL (`?job=`), and a running job is found again when the page is opened,
 * so the user may leave the page while it runs.
 */
export default function MemberImportPage() {
  const { t } = useTranslation('company');
  const [search, setSearch] = useSearchParams();
  const jobUuid = search.get('job');
  const latest = useLatestImportJob();
  const [step, setStep] = useState<Exclude<Step, 'job'>>('upload');
  const [upload, setUpload] = useState<MemberImportUpload | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [choice, setChoice] = useState<PasswordChoice>({
    mode: 'noPassword',
    password: '',
    column: '',
    generateUsernames: true,
  });
  const [options, setOptions] = useState<MemberImportOptions | null>(null);

  // Opened again while a job of this member runs: show it.
  useEffect(() => {
    const running = latest.data?.job;
    if (!jobUuid && running && isOpenJob(running)) setSearch({ job: running.uuid }, { replace: true });
  }, [jobUuid, latest.data, setSearch]);

  const [startedUuid, setStartedUuid] = useState<string | null>(null);
  const showJob = (job: BatchJob) => {
    setStartedUuid(job.uuid);
    setSearch({ job: job.uuid });
  };
  const restart = () => {
    setSearch({});
    setStep('upload');
    setUpload(null);
    setOptions(null);
  };

  const current: Step = jobUuid ? 'job' : step;
  return (
    <>
      <PageHeader
        title={t('memberImport.title')}
        link={{ to: COMPANY_ROUTES.memberList, label: t('memberImport.backToList') }}
      />
      <StepList current={current} />
      {current === 'job' && jobUuid && (
        <JobStep key={jobUuid} uuid={jobUuid} startedHere={startedUuid === jobUuid} onRestart={restart} />
      )}
      {current === 'upload' && (
        <UploadStep
          onUploaded={(uploaded) => {
            setUpload(uploaded);
            setMapping(uploaded.proposedMapping);
            setChoice((previous) => ({
              ...previous,
              column: uploaded.proposedMapping.password === null ? '' : String(uploaded.proposedMapping.password),
            }));
            setStep('mapping');
          }}
        />
      )}
      {current === 'mapping' && upload && mapping && (
        <MappingStep
          upload={upload}
          mapping={mapping}
          onChange={setMapping}
          onBack={() => setStep('upload')}
          onNext={() => setStep('password')}
        />
      )}
      {current === 'password' && upload && mapping && (
        <PasswordStep
          upload={upload}
          choice={choice}
          onChange={setChoice}
          onBack={() => setStep('mapping')}
          onNext={() => {
            setOptions({
              cursorUuid: upload.cursorUuid,
              mapping: { ...mapping, password: choice.mode === 'byColumn' ? Number(choice.column) : null },
              passwordMode: choice.mode,
              // Hashed in the browser like every password (spec section 5).
              password: choice.mode === 'initial' ? hashPassword(choice.password) : null,
              nameOption: choice.generateUsernames ? 'firstname.lastname' : 'none',
            });
            setStep('summary');
          }}
        />
      )}
      {current === 'summary' && options && (
        <SummaryStep options={options} onBack={() => setStep('password')} onStarted={showJob} />
      )}
    </>
  );
}
