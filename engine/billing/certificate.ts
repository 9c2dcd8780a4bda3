/**
 * The state of the billing certificate from its expiry: warned 30 days before (issue 16), refused once expired
 * (WSAA would refuse the signature anyway).
 */
export const CERT_WARNING_DAYS = 30;
export type CertificateState = 'vigente' | 'por_vencer' | 'vencido';

export function certificateState(notAfter: string | Date, now: Date): { state: CertificateState; daysLeft: number } {
  const end = new Date(notAfter).getTime();
  const daysLeft = Math.floor((end - now.getTime()) / 86_400_000);
  if (end <= now.getTime()) return { state: 'vencido', daysLeft: Math.min(daysLeft, 0) };
  return { state: daysLeft < CERT_WARNING_DAYS ? 'por_vencer' : 'vigente', daysLeft };
}
