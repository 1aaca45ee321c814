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
export function PrintLayout({ orientation, children }: { orientation: 'portrait' | 'landscape'; children: ReactNode }) {
  return (
    <main id="main" className={`shell-print shell-print--${orientation}`} data-orientation={orientation}>
      <style>{`@page { size: A4 ${orientation}; margin: 15mm; }`}</style>
      {children}
    </main>
  );
}
