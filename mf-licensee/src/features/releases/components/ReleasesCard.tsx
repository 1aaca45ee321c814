import { AREAS, BUNDLED_RELEASE_ID, formatDate, type Language, type LicenseeReleases } from '@dash/shared-core';
import { inlineErrorText, SelectField, Spinner, showToast } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseRelease } from '../api/chooseRelease';
import { useReleases } from '../api/getReleases';

type AreaReleases = LicenseeReleases['areas'][number];

/** The select's value for "no choice of my own here": the next level's choice applies. */
const INHERIT = '';

/**
 * Which release of each area the licensee's clients get (docs/releases.md), or with `clientUuid` one client: the
 * deployment's own build, a published release, or what the level above chose. A choice reaches the next page load
 * of everybody concerned; choosing the earlier release is the rollback. Releases that do not fit this server and its
 * shell are listed but cannot be chosen.
 */
export function ReleasesCard({ clientUuid, editable }: { clientUuid: string | null; editable: boolean }) {
  const { t } = useTranslation('licensee');
  const query = useReleases(clientUuid);
  return (
    <section className="ui-card" data-testid="releases-card">
      <h2>{t('releases.title')}</h2>
      <p className="licensee-hint">{t(clientUuid ? 'releases.clientHint' : 'releases.hint')}</p>
      {query.isPending ? (
        <Spinner />
      ) : !query.data ? (
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      ) : (
        <ReleaseTable data={query.data} clientUuid={clientUuid} editable={editable} />
      )}
    </section>
  );
}

function ReleaseTable({
  data,
  clientUuid,
  editable,
}: {
  data: LicenseeReleases;
  clientUuid: string | null;
  editable: boolean;
}) {
  const { t } = useTranslation('licensee');
  const choose = useChooseRelease();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      {error && (
        <p className="ui-alert ui-alert--danger" role="alert" data-testid="releases-error">
          {error}
        </p>
      )}
      <div className="licensee-releases">
        {data.areas.map((area) => (
          <AreaRow
            key={area.area}
            area={area}
            clientUuid={clientUuid}
            disabled={!editable || choose.isPending}
            onChoose={async (release) => {
              setError(null);
              try {
                await choose.mutateAsync({ area: area.area, clientUuid, release });
                showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('releases.saved') });
              } catch (caught) {
                setError(inlineErrorText(t, caught));
              }
            }}
          />
        ))}
      </div>
    </>
  );
}

function AreaRow({
  area,
  clientUuid,
  disabled,
  onChoose,
}: {
  area: AreaReleases;
  clientUuid: string | null;
  disabled: boolean;
  onChoose: (release: string | null) => void;
}) {
  const { t, i18n } = useTranslation('licensee');
  const own = clientUuid ? area.clientRelease : area.licenseeRelease;
  // What applies without a choice of this level's own.
  const above = clientUuid ? (area.licenseeRelease ?? area.defaultRelease) : area.defaultRelease;
  const label = (id: string | null) => {
    if (id === null || id === BUNDLED_RELEASE_ID) return t('releases.bundled');
    const release = area.releases.find((item) => item.id === id);
    return release ? t('releases.release', { version: release.version, id }) : id;
  };
  const declared = AREAS.find((candidate) => candidate.name === area.area);
  const options = [
    {
      value: INHERIT,
      label: t(clientUuid ? 'releases.inheritLicensee' : 'releases.inheritDefault', { release: label(above) }),
    },
    { value: BUNDLED_RELEASE_ID, label: t('releases.bundled') },
    ...area.releases.map((release) => ({
      value: release.id,
      label: `${t('releases.release', { version: release.version, id: release.id })} · ${formatDate(
        release.publishedAt,
        i18n.language as Language,
        'dateTime',
      )}${release.problems.length > 0 ? ` · ${t('releases.incompatible')}` : ''}`,
      disabled: release.problems.length > 0,
    })),
  ];
  return (
    <div className="licensee-release-row" data-testid={`release-${area.area}`}>
      <SelectField
        label={`${declared ? t(`common:${declared.titleKey}`) : area.area} (${area.area})`}
        value={own ?? INHERIT}
        options={options}
        disabled={disabled}
        name={area.area}
        onChange={(value) => onChoose(value === INHERIT ? null : value)}
      />
      <p className="licensee-hint" data-testid={`release-${area.area}-effective`}>
        {t('releases.effective', { release: label(area.effective) })}
      </p>
    </div>
  );
}
