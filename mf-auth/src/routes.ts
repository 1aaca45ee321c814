/** Paths of the authentication area (spec section 2, "Authentication"). */
export const AUTH_ROUTES = {
  login: '/auth/login',
  loginWithClient: '/auth/login/:clientId',
  forgotPassword: '/auth/forgot-password/:clientId',
  resetPassword: '/auth/reset-password/:token',
  supportLogin: '/auth/support/:token',
  /** Licensee staff (the licensee console). */
  licenseeLogin: '/auth/licensee',
  licenseeForgotPassword: '/auth/licensee/forgot-password',
  licenseeResetPassword: '/auth/licensee/reset-password/:token',
} as const;
