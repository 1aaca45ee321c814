import { useLicensee } from '@dash/shared-ui';
import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';

/** Sign-in frame: logo, the page (headline and sub-headline), mood image with copyright on wide screens, footer. */
export function AuthLayout() {
  const licensee = useLicensee();
  return (
    <div className="shell-auth">
      <div className="shell-auth__panel">
        <div className="shell-auth__top">
          {licensee?.images.logo ? (
            <img
              className="shell-auth__logo"
              src={licensee.images.logo}
              alt={licensee.licenseeName}
              height={48}
              data-testid="licensee-logo"
            />
          ) : (
            <strong>{licensee?.licenseeName}</strong>
          )}
          <LanguageSwitch />
        </div>
        <main id="main" className="shell-auth__main">
          <Outlet />
        </main>
        <Footer />
      </div>
      {licensee?.images.mood && (
        <figure className="shell-auth__mood" style={{ backgroundImage: `url(${licensee.images.mood})` }}>
          {licensee.moodImageCopyright && <figcaption>{licensee.moodImageCopyright}</figcaption>}
        </figure>
      )}
    </div>
  );
}
