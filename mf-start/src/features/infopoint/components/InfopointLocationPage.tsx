import type { InfopointContact } from '@dash/shared-core';
import { Link, PageHeader, Spinner, useParams } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { START_ROUTES } from '../../../routes';
import { useInfopointGroups } from '../api/getInfopointGroups';
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
