/**
 * The PDF of a member's certificate for the analytics (a GET: the browser downloads it like any file, under the name
 * the server gives it). `resultUuid`: the row's certificateUuid.
 */
export function memberCertificatePdfUrl(resultUuid: string): string {
  return `/api/elearning/member-certificate-pdf?uuid=${encodeURIComponent(resultUuid)}`;
}
