/** The page after sign-in and the dashboard's home (header logo, not-found page, a refused area). */
export const START_PAGE = '/dashboard/start/overview';

/** The same for licensee staff: the licensee console's client list. */
export const LICENSEE_START_PAGE = '/dashboard/licensee/clients';
