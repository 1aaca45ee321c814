import { useCan, useHomePage, useLicensee, useSessionStore } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch';

/** Who is signed in, as the header shows it: a client's member, or a licensee's staff member. */
function useSignedInPerson() {
  const memberState = useSessionStore((state) => state.memberState);
  const licenseeState = useSessionStore((state) => state.licenseeState);
  if (memberState?.support) {
    // A customer adviser in support mode: his own name and role, never those of the member row the session rides on.
    const [firstName = '', ...rest] = memberState.support.adviser.trim().split(/\s+/);
    return { firstName, lastName: rest.join(' '), role: 'user', organisation: memberState.clientName };
  }
  if (memberState) {
    return {
      firstName: memberState.memberDetails.firstName,
      lastName: memberState.memberDetails.lastName,
      role: memberState.member.roleIdentifier,
      organisation: memberState.clientName,
    };
  }
  if (licenseeState) {
    return {
      firstName: licenseeState.staff.firstName,
      lastName: licenseeState.staff.lastName,
      role: licenseeState.staff.roleIdentifier,
      organisation: licenseeState.licensee.name,
    };
  }
  return null;
}

export function Header({ sidebarOpen, onToggleSidebar }: { sidebarOpen: boolean; onToggleSidebar: () => void }) {
  const { t } = useTranslation('common');
  const person = useSignedInPerson();
  const licensee = useLicensee();
  const home = useHomePage();
  const can = useCan();
  const logout = useSessionStore((state) => state.logout);
  if (!person) return null;
  const { firstName, lastName } = person;
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  const name = [firstName, lastName].filter(Boolean).join(' ');
  return (
    <header className="shell-header">
      <button
        type="button"
        className="shell-header__toggle"
        aria-expanded={sidebarOpen}
        aria-controls="shell-sidebar"
        onClick={onToggleSidebar}
        aria-label={t('header.toggleSidebar')}
      >
        ☰
      </button>
      <Link to={home} className="shell-header__logo" aria-label={t('header.home')}>
        {licensee?.images.logo ? (
          <img src={licensee.images.logo} alt={licensee.licenseeName} height={36} />
        ) : (
          licensee?.licenseeName
        )}
      </Link>
      <span className="shell-header__client">{person.organisation}</span>
      <div className="shell-header__user">
        <LanguageSwitch />
        <span className="shell-header__role" data-testid="header-role">
          {t(`roles.${person.role}`)}
        </span>
        {can(['profile.read-member-profile']) ? (
          <Link to="/dashboard/profile/details" className="shell-header__profile" data-testid="profile-link">
            <span className="shell-header__avatar" aria-hidden="true">
              {initials}
            </span>
            <span className="shell-header__name" data-testid="header-name">
              {name}
            </span>
            <span className="ui-visually-hidden">{t('header.profile')}</span>
          </Link>
        ) : (
          <span className="shell-header__profile">
            <span className="shell-header__avatar" aria-hidden="true">
              {initials}
            </span>
            <span className="shell-header__name" data-testid="header-name">
              {name}
            </span>
          </span>
        )}
        <button type="button" className="ui-button ui-button--ghost" onClick={() => void logout()} data-testid="logout">
          {t('header.logout')}
        </button>
      </div>
    </header>
  );
}
