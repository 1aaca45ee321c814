import { useSessionStore } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AreaErrorBoundary } from '../app/AreaErrorBoundary';
import { endSupportSession } from '../session/session';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useNavigation } from './useNavigation';

/** Signed-in frame: header, sidebar (17 rem, fixed from 768 px), breadcrumb, page, footer. */
export function DashboardLayout() {
  const { t } = useTranslation('common');
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const items = useNavigation();
  const { pathname } = useLocation();
  const support = useSessionStore((state) => state.memberState?.support);
  return (
    <div className="shell-dashboard">
      <a className="shell-skip" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
      <div className="shell-body">
        {/* The sidebar closes after each navigation (spec section 2). */}
        <Sidebar items={items} open={sidebarOpen} onNavigate={() => setSidebarOpen(false)} />
        <main id="main" className="shell-main" tabIndex={-1}>
          {/* In the page's column, below the header: the fixed sidebar beside it stays whole. */}
          {support && (
            <div className="shell-support-banner" data-testid="support-banner">
              <span role="status">{t('header.support', { adviser: support.adviser, reason: support.reason })}</span>
              <button
                type="button"
                className="ui-button ui-button--small"
                onClick={() => void endSupportSession()}
                data-testid="end-support"
              >
                {t('header.endSupport')}
              </button>
            </div>
          )}
          <Breadcrumb items={items} />
          <AreaErrorBoundary key={pathname}>
            <Outlet />
          </AreaErrorBoundary>
        </main>
      </div>
      <Footer />
    </div>
  );
}
