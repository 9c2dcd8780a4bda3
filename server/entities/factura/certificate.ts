/**
 * What the app reads of an uploaded certificate and key (PEM): the CUIT AFIP puts in the subject's
 * serialNumber ("CUIT 20123456786"), the subject, the validity, and whether the key is the certificate's.
 */
import forge from 'node-forge';

export interface CertificateFacts {
  cuit: string | null;
  subject: string;
  notBefore: Date;
  notAfter: Date;
}

export function readCertificate(pem: string): CertificateFacts | null {
  try {
    const cert = forge.pki.certificateFromPem(pem);
    const serial = String(cert.subject.getField({ name: 'serialNumber' })?.value ?? '');
    const m = /CUIT\s*(\d{11})/.exec(serial);
    return {
      cuit: m ? m[1] : null,
      subject: cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${a.value}`).join(', '),
      notBefore: cert.validity.notBefore,
      notAfter: cert.validity.notAfter,
    };
  } catch {
    return null;
  }
}

/** True when `keyPem` (PKCS#1 or PKCS#8, unencrypted) is the private half of the certificate's RSA key. */
export function keyMatches(certPem: string, keyPem: string): boolean {
  try {
    const pub = forge.pki.certificateFromPem(certPem).publicKey as forge.pki.rsa.PublicKey;
    const key = forge.pki.privateKeyFromPem(keyPem);
    return pub.n.equals(key.n) && pub.e.equals(key.e);
  } catch {
    return false;
  }
}
