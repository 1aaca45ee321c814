import { type PrintOrientation, printPageStyle } from '@dash/shared-core';
import type { ReactNode } from 'react';
import { Footer } from './Footer';

/** A page on its own (no header or sidebar), with the licensee footer where the page wants it. */
export function EmptyLayout({ footer, children }: { footer: boolean; children: ReactNode }) {
  return (
    <div className="shell-empty">
      <main id="main" className="shell-plain">
        {children}
      </main>
      {footer && <Footer />}
    </div>
  );
}

/** Pages made for paper (certificate, risk-action list): A4 in the given orientation, no frame. */
export function PrintLayout({ orientation, children }: { orientation: PrintOrientation; children: ReactNode }) {
  return (
    <main id="main" className={`shell-print shell-print--${orientation}`} data-orientation={orientation}>
      {/* Allowed by the Content-Security-Policy through its hash (server/src/http/securityHeaders.ts). */}
      <style>{printPageStyle(orientation)}</style>
      {children}
    </main>
  );
}
