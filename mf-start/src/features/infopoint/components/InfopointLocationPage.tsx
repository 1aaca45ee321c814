import type { InfopointContact, InfopointLocation } from '@dash/shared-core';
import { Link, PageHeader, Spinner, useParams } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { START_ROUTES } from '../../../routes';
import { useInfopointGroups } from '../api/getInfopointGroups';
import { emergencyNumbersFor } from '../model/emergencyNumbers';
import './infopoint.css';

/** A phone number as a tel: link (digits and a leading +), so that a phone can call it with one tap. */
function telHref(number: string): string {
  return `tel:${number.replace(/(?!^\+)[^\d]/g, '')}`;
}

function Contact({ contact }: { contact: InfopointContact }) {
  const { t } = useTranslation('start');
  return (
    <li className="infopoint__contact">
      <strong>
        {contact.firstName} {contact.lastName}
      </strong>
      {contact.phoneNumber && (
        <a href={telHref(contact.phoneNumber)} aria-label={`${t('infopoint.phone')}: ${contact.phoneNumber}`}>
          {t('infopoint.phone')}: {contact.phoneNumber}
        </a>
      )}
      {contact.mobileNumber && (
        <a href={telHref(contact.mobileNumber)} aria-label={`${t('infopoint.mobile')}: ${contact.mobileNumber}`}>
          {t('infopoint.mobile')}: {contact.mobileNumber}
        </a>
      )}
      {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
      {!contact.phoneNumber && !contact.mobileNumber && !contact.email && <span>{t('infopoint.noContact')}</span>}
    </li>
  );
}

/** The country's name in the reader's language (de_DE -> "Österreich", en_GB -> "Austria"). */
function countryName(countryCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language.replace('_', '-')], { type: 'region' }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/**
 * First on the notice: the public emergency numbers of the location's country and the address to give the control
 * centre. Large, since it is read in a hurry.
 */
function Emergency({ location }: { location: InfopointLocation }) {
  const { t, i18n } = useTranslation('start');
  const cityLine = [location.postalCode, location.city].filter(Boolean).join(' ');
  return (
    <section
      className="ui-card infopoint__emergency"
      aria-labelledby="infopoint-emergency"
      data-testid="infopoint-emergency"
    >
      <h2 id="infopoint-emergency">{t('infopoint.emergency.title')}</h2>
      <ul className="infopoint__emergency-numbers">
        {emergencyNumbersFor(location.countryCode).map((entry) => (
          <li key={entry.number} data-testid={`emergency-${entry.number}`}>
            <a href={telHref(entry.number)} className="infopoint__emergency-number">
              {entry.number}
            </a>
            <span>{t(`infopoint.emergency.service.${entry.service}`)}</span>
          </li>
        ))}
      </ul>
      <div className="infopoint__address" data-testid="infopoint-address">
        <strong>{t('infopoint.emergency.address')}</strong>
        <address>
          {location.name}
          {location.street && (
            <>
              <br />
              {location.street}
            </>
          )}
          {cityLine && (
            <>
              <br />
              {cityLine}
            </>
          )}
          <br />
          {countryName(location.countryCode, i18n.language)}
        </address>
      </div>
    </section>
  );
}

/** One location's notice: the member groups with whom to call; printable for the staff room. */
export default function InfopointLocationPage() {
  const { t } = useTranslation('start');
  const { locationUuid = '' } = useParams();
  const query = useInfopointGroups(locationUuid);
  if (query.isPending) return <Spinner />;
  if (!query.data) {
    return (
      <>
        <PageHeader title={t('infopoint.title')} />
        <p className="ui-empty">{t('infopoint.notFound')}</p>
        <Link to={START_ROUTES.infopoint}>{t('infopoint.back')}</Link>
      </>
    );
  }
  const { location, groups, responsibleMembers } = query.data;
  return (
    <div className="infopoint__notice" data-testid="infopoint-notice">
      <PageHeader title={`${t('infopoint.title')}: ${location.name}`} />
      <div className="infopoint__actions">
        <Link to={START_ROUTES.infopoint}>{t('infopoint.back')}</Link>
        <button type="button" className="ui-button" onClick={() => window.print()} data-testid="infopoint-print">
          {t('infopoint.print')}
        </button>
      </div>
      <p className="infopoint__print-only">{t('infopoint.printIntro', { location: location.name })}</p>
      <Emergency location={location} />
      {groups.length === 0 && <p className="ui-empty">{t('infopoint.noGroups')}</p>}
      <div className="infopoint__groups">
        {groups.map((group) => (
          <section key={group.uuid} className="ui-card infopoint__group" aria-labelledby={`group-${group.uuid}`}>
            <h2 id={`group-${group.uuid}`}>
              {t(`infopoint.groupType.${group.type}`, { defaultValue: group.name })}
              {group.name !== t(`infopoint.groupType.${group.type}`, { defaultValue: group.name }) && (
                <span className="infopoint__group-name"> ({group.name})</span>
              )}
            </h2>
            <ul>
              {group.members.map((member) => (
                <Contact key={member.uuid} contact={member} />
              ))}
            </ul>
          </section>
        ))}
        {responsibleMembers.length > 0 && (
          <section className="ui-card infopoint__group" aria-labelledby="group-responsible">
            <h2 id="group-responsible">{t('infopoint.responsible')}</h2>
            <ul>
              {responsibleMembers.map((member) => (
                <Contact key={member.uuid} contact={member} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
