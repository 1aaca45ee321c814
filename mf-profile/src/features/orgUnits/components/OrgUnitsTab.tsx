import { useTranslation } from 'react-i18next';
import { ProfileTabs } from '../../../components/ProfileTabs';
import { useOrgUnitList } from '../api/readOrgUnitList';

/** The member's own org units, read-only. */
export default function OrgUnitsTab() {
  const { t } = useTranslation('profile');
  const list = useOrgUnitList();
  const items = list.data?.items ?? [];
  return (
    <>
      <ProfileTabs />
      <div className="ui-card">
        <table className="ui-table" data-testid="profile-org-units">
          <thead>
            <tr>
              <th scope="col">{t('orgUnits.name')}</th>
              <th scope="col">{t('orgUnits.parent')}</th>
              <th scope="col">{t('orgUnits.role')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.uuid}>
                <td>{item.orgUnitName}</td>
                <td>{item.parentName ?? '–'}</td>
                <td>{item.isAdmin ? t('orgUnits.admin') : t('orgUnits.member')}</td>
              </tr>
            ))}
            {list.isSuccess && items.length === 0 && (
              <tr>
                <td colSpan={3} className="ui-empty">
                  {t('orgUnits.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
