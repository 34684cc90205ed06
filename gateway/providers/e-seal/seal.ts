import { createHash, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';

// The chain's seal on a signed contract (ADR 047): a PAdES signature (ETSI.CAdES.detached, as
// OpenSign does with @signpdf) over the whole PDF with the chain's certificate, so that any later
// change shows in an ordinary PDF reader's signature panel and in `verifySealedPdf`.

export type SealKey = { p12: Buffer; passphrase: string };

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A self-signed certificate and key as PKCS#12, for the sandbox (production reads the chain's own
 * from configuration). RSA 2048, 10 years, the chain named as its subject.
 */
export async function makeSelfSignedSealKey(commonName: string, passphrase: string, now: Date): Promise<SealKey> {
  // Node's key generation runs off the event loop; node-forge's own took seconds of it on a busy
  // machine (the first signature in a fresh sandbox waited for it).
  const { privateKey: pem } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const keys = { privateKey, publicKey: forge.pki.setRsaPublicKey(privateKey.n, privateKey.e) };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'countryName', value: 'VN' },
    { name: 'organizationName', value: commonName },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/** The SHA-256 fingerprint (hex) of the key's certificate: what verification accepts as "ours". */
export function sealFingerprint(key: SealKey) {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(key.p12.toString('binary'))),
    key.passphrase,
  );
  const bag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0];
  if (!bag?.cert) throw new Error('the seal key has no certificate');
  return certFingerprint(bag.cert);
}

const certFingerprint = (cert: forge.pki.Certificate) =>
  createHash('sha256')
    .update(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'))
    .digest('hex');

/** Seals a finished PDF: a signature placeholder, then the CAdES signature over every byte but itself. */
export async function sealPdf(
  pdf: Uint8Array,
  key: SealKey,
  facts: { reason: string; location: string; name: string; signingTime: Date },
) {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: facts.reason,
    contactInfo: '',
    name: facts.name,
    location: facts.location,
    signingTime: facts.signingTime,
    subFilter: 'ETSI.CAdES.detached',
    signatureLength: 16_384,
    appName: 'VietFit',
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new P12Signer(key.p12, { passphrase: key.passphrase }), facts.signingTime);
}

/**
 * The CMS signature in a /Contents hex string: the placeholder is padded with zeros after the DER,
 * so the DER's own length says where it ends (a signature may itself end in 00 bytes).
 */
export function signatureFromContents(contents: string) {
  const bytes = Buffer.from(contents.replace(/^<|>$/g, ''), 'hex');
  // The outer SEQUENCE's length: short form (< 0x80) or 0x8n then n bytes of length.
  const first = bytes[1] ?? 0;
  const lengthBytes = first < 0x80 ? 0 : first & 0x7f;
  const length = first < 0x80 ? first : bytes.subarray(2, 2 + lengthBytes).reduce((sum, byte) => sum * 256 + byte, 0);
  const end = 2 + lengthBytes + length;
  if (bytes.length < end || lengthBytes > 4) throw new Error('the signature is cut short');
  return forge.asn1.fromDer(bytes.subarray(0, end).toString('binary'));
}

export type SealCheck =
  | { valid: true; signedAt: string | null; signer: string; fingerprint: string }
  | {
      valid: false;
      reason: 'NO_SIGNATURE' | 'NOT_WHOLE_FILE' | 'DIGEST_MISMATCH' | 'BAD_SIGNATURE' | 'UNKNOWN_SIGNER';
    };

/**
 * Checks a sealed PDF: its one signature covers the whole file (nothing appended or changed), the
 * digest of the covered bytes is the one signed, the signature verifies with the certificate in
 * it, and that certificate is ours (`fingerprints`).
 */
export function verifySealedPdf(pdf: Buffer, fingerprints: readonly string[]): SealCheck {
  const text = pdf.toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    text.slice(text.lastIndexOf('/ByteRange')),
  );
  if (!match) return { valid: false, reason: 'NO_SIGNATURE' };
  const [a, b, c, d] = match.slice(1).map(Number);
  if (a !== 0 || c + d !== pdf.length || b >= c) return { valid: false, reason: 'NOT_WHOLE_FILE' };
  let message: forge.pkcs7.PkcsSignedData;
  try {
    message = forge.pkcs7.messageFromAsn1(signatureFromContents(text.slice(b, c))) as forge.pkcs7.PkcsSignedData;
  } catch {
    return { valid: false, reason: 'BAD_SIGNATURE' };
  }
  const cert = message.certificates[0];
  // node-forge parses SignedData's SignerInfos only as ASN.1 (its typings leave rawCapture out): the
  // SignerInfo's [0] child holds the signed attributes, the OCTET STRING after them the signature.
  const infos =
    (message as unknown as { rawCapture: { signerInfos?: forge.asn1.Asn1[] } }).rawCapture.signerInfos ?? [];
  const fields = (infos[0]?.value ?? []) as forge.asn1.Asn1[];
  const attributesAt = fields.findIndex((f) => f.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && f.type === 0);
  const attributes = attributesAt < 0 ? undefined : (fields[attributesAt].value as forge.asn1.Asn1[]);
  const signature = fields
    .slice(attributesAt + 1)
    .find((f) => f.tagClass === forge.asn1.Class.UNIVERSAL && f.type === forge.asn1.Type.OCTETSTRING)?.value as
    string | undefined;
  if (!cert || !attributes || !signature) return { valid: false, reason: 'BAD_SIGNATURE' };
  const covered = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const digest = createHash('sha256').update(covered).digest('binary');
  let signedDigest: string | undefined;
  let signingTime: string | null = null;
  for (const attribute of attributes) {
    const [oid, values] = attribute.value as forge.asn1.Asn1[];
    const id = forge.asn1.derToOid(oid.value as string);
    const first = (values.value as forge.asn1.Asn1[])[0];
    if (id === forge.pki.oids.messageDigest) signedDigest = first.value as string;
    if (id === forge.pki.oids.signingTime) signingTime = forge.asn1.utcTimeToDate(first.value as string).toISOString();
  }
  if (signedDigest !== digest) return { valid: false, reason: 'DIGEST_MISMATCH' };
  // The signature is over the DER of the attributes as a SET (tag 0x31), not as the [0] it is stored as.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const attributesDigest = forge.md.sha256.create().update(forge.asn1.toDer(set).getBytes());
  let ok = false;
  try {
    ok = (cert.publicKey as forge.pki.rsa.PublicKey).verify(attributesDigest.digest().getBytes(), signature);
  } catch {
    ok = false;
  }
  if (!ok) return { valid: false, reason: 'BAD_SIGNATURE' };
  const fingerprint = certFingerprint(cert);
  if (!fingerprints.includes(fingerprint)) return { valid: false, reason: 'UNKNOWN_SIGNER' };
  const signer = String(cert.subject.getField('CN')?.value ?? '');
  return { valid: true, signedAt: signingTime, signer, fingerprint };
}
