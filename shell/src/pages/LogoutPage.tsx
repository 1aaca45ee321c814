import { Spinner, useSessionStore } from '@dash/shared-ui';
import { useEffect } from 'react';

/** /logout: ends the session and goes to the sign-in page with the company ID appended. */
export function LogoutPage() {
  const logout = useSessionStore((state) => state.logout);
  useEffect(() => {
    void logout();
  }, [logout]);
  return <Spinner />;
}
