/**
 * Test certificates for the fake tax authority: a CA standing for AFIP's, and a company certificate it issued
 * (subject serialNumber "CUIT <n>", as AFIP issues them). Keys come from Node's crypto (fast); certificates
 * are built with node-forge. Nothing here is a real key.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface TestCa {
  certPem: string;
  keyPem: string;
}

export interface TestCert {
  cuit: string;
  certPem: string;
  /** PKCS#1 PEM, as `openssl genrsa` writes it. */
  keyPem: string;
  notAfter: Date;
}

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs1', format: 'pem' } });

function build(subject: forge.pki.CertificateField[], issuer: forge.pki.CertificateField[], publicPem: string, signerKeyPem: string, notBefore: Date, notAfter: Date, ca: boolean) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  cert.serialNumber = forge.util.bytesToHex(forge.random.getBytesSync(8)).replace(/^[89a-f]/, '1');
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(ca ? [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }] : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(forge.pki.privateKeyFromPem(signerKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const CA_SUBJECT = [
  { name: 'countryName', value: 'AR' },
  { name: 'organizationName', value: 'AFIP (fake, tests only)' },
  { name: 'commonName', value: 'Computadores Test' },
];

export function makeCa(): TestCa {
  const { publicKey, privateKey } = rsa();
  const now = Date.now();
  const certPem = build(CA_SUBJECT, CA_SUBJECT, publicKey, privateKey, new Date(now - 86_400_000), new Date(now + 10 * 365 * 86_400_000), true);
  return { certPem, keyPem: privateKey };
}

/** A company certificate issued by `ca`, valid from yesterday for `days` days (negative: already expired). */
export function issueCert(ca: TestCa, cuit: string, days = 365, alias = 'flujos'): TestCert {
  const { publicKey, privateKey } = rsa();
  const now = Date.now();
  const notBefore = new Date(now - 2 * 86_400_000);
  const notAfter = new Date(now + days * 86_400_000);
  const subject = [
    { name: 'countryName', value: 'AR' },
    { name: 'organizationName', value: 'Flujos test' },
    { name: 'commonName', value: alias },
    { name: 'serialNumber', value: `CUIT ${cuit}` },
  ];
  return { cuit, certPem: build(subject, CA_SUBJECT, publicKey, ca.keyPem, notBefore, notAfter, false), keyPem: privateKey, notAfter };
}
