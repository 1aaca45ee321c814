import { type Language, localeOf } from '@dash/shared-core';
import { PageHeader, Spinner, Tabs, useCan, useParams } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROUTES } from '../../../routes';
import { useMemberDetails } from '../api/getMemberDetails';
import { MemberAssignmentsTab } from './MemberAssignmentsTab';
import { MemberEditForm } from './MemberEditForm';
import { MemberHistory } from './MemberHistory';

export default function MemberDetailsPage() {
  const { t, i18n } = useTranslation('company');
  const { uuid = '', tabId = 'details' } = useParams();
  const query = useMemberDetails(uuid);
  const can = useCan();
  const back = { to: COMPANY_ROUTES.memberList, label: t('members.backToList') };
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    return (
      <>
        <PageHeader title={t('members.detailsTitle')} link={back} />
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.Member.NotFound')}</p>
      </>
    );
  }
  const member = query.data;
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const dash = '–';
  return (
    <>
      <PageHeader title={`${member.firstName} ${member.lastName}`} link={back} />
      <Tabs
        label={t('members.detailsTitle')}
        pattern={COMPANY_ROUTES.memberDetails}
        params={{ uuid }}
        tabs={[
          { id: 'details', label: t('members.tabs.details'), permissions: ['member-list.memberdetails'] },
          { id: 'org-units', label: t('members.tabs.orgUnits'), permissions: ['member-details.read-org-unit-list'] },
          { id: 'history', label: t('members.tabs.history'), permissions: ['member.read-history'] },
        ]}
      />
      {tabId === 'history' ? (
        <MemberHistory uuid={uuid} />
      ) : tabId === 'org-units' ? (
        <MemberAssignmentsTab key={member.uuid} member={member} />
      ) : can(['member.update']) ? (
        <MemberEditForm key={member.uuid} member={member} />
      ) : (
        <section className="ui-card">
          <dl className="ui-definition" data-testid="member-details">
            <dt>{t('members.columns.username')}</dt>
            <dd>{member.username}</dd>
            <dt>{t('members.columns.email')}</dt>
            <dd>{member.email ?? dash}</dd>
            <dt>{t('members.fields.phoneNumber')}</dt>
            <dd>{member.phoneNumber ?? dash}</dd>
            <dt>{t('members.fields.mobileNumber')}</dt>
            <dd>{member.mobileNumber ?? dash}</dd>
            <dt>{t('members.columns.role')}</dt>
            <dd>{t(`common:roles.${member.role}`)}</dd>
            <dt>{t('members.columns.status')}</dt>
            <dd>{t(`common:common.${member.status}`)}</dd>
            <dt>{t('members.fields.language')}</dt>
            <dd>{t(`common:language.${member.language}`)}</dd>
            <dt>{t('members.fields.locations')}</dt>
            <dd>{member.locations.map((location) => location.name).join(', ') || dash}</dd>
            <dt>{t('members.columns.lastLoginAt')}</dt>
            <dd>{member.lastLoginAt ? dateFormat.format(new Date(member.lastLoginAt)) : dash}</dd>
          </dl>
        </section>
      )}
    </>
  );
}
