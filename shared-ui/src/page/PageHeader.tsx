import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Headline of a page with an optional link (e.g. "back to the list") and actions on the right. */
export function PageHeader({
  title,
  link,
  actions,
}: {
  title: string;
  link?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <div className="ui-page-header">
      <div>
        {link && (
          <Link className="ui-page-header__link" to={link.to}>
            ‹ {link.label}
          </Link>
        )}
        <h1>{title}</h1>
      </div>
      {actions && <div className="ui-page-header__actions">{actions}</div>}
    </div>
  );
}
