import { Link, useCan } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROUTES } from '../../../routes';

/** "Import members" in the member list's page header, for members who may import. */
export function ImportMembersLink() {
  const { t } = useTranslation('company');
  const can = useCan();
  if (!can(['member-import.import'])) return null;
  return (
    <Link className="ui-button" to={COMPANY_ROUTES.memberImport} data-testid="member-import-link">
      {t('memberImport.open')}
    </Link>
  );
}
