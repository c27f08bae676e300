import * as t from 'io-ts';
import { endpoint } from './endpoint';

/**
 * Certificates anyone can verify (issue 16). A certificate is a signed statement: its
 * verification code is the payload (base64url JSON) and an Ed25519 signature of it, joined by
 * a dot, so it can be checked offline with the public key published at
 * /.well-known/certificate-key.pem, and on the product's page (GET /certificate/verify),
 * which also knows whether it was revoked.
 */
export const CertificatePayload = t.strict({
  /** Format version. */
  v: t.literal(1),
  id: t.string,
  organization: t.string,
  /** The released number of respondents when it was issued (the dashboard's figure). */
  respondents: t.number,
  /** Seats of the organisation's package, and the share of them that answered (one decimal). */
  seats: t.number,
  participation: t.number,
  /** ISO date-time of issue. */
  issuedAt: t.string,
});
export type CertificatePayload = t.TypeOf<typeof CertificatePayload>;

export const VerificationStatus = t.keyof({ valid: null, revoked: null, unknown: null });
export type VerificationStatus = t.TypeOf<typeof VerificationStatus>;

export const Verification = t.strict({
  status: VerificationStatus,
  certificate: t.union([CertificatePayload, t.null]),
  revokedAt: t.union([t.string, t.null]),
});
export type Verification = t.TypeOf<typeof Verification>;

export const IssuedCertificate = t.strict({ code: t.string, certificate: CertificatePayload, revokedAt: t.union([t.string, t.null]) });
export type IssuedCertificate = t.TypeOf<typeof IssuedCertificate>;

export const certificateEndpoints = {
  /** Public: no sign-in. `code` is the verification code. */
  verify: endpoint({ method: 'GET', path: '/certificate/verify', query: t.partial({ code: t.string }), data: Verification }),
  /** Administrators: issue a certificate when the criteria hold (domain/certificates/criteria.ts). */
  issue: endpoint({ method: 'POST', path: '/certificate/issue', data: IssuedCertificate }),
  /** Administrators: the organisation's certificates, newest first. */
  list: endpoint({ method: 'GET', path: '/certificate/list', data: t.array(IssuedCertificate) }),
  /** Administrators: one certificate as a PDF with its QR code (answers the file, not an envelope). */
  pdf: endpoint({ method: 'GET', path: '/certificate/pdf', query: t.strict({ id: t.string }), data: t.unknown }),
  /** Administrators: revoke one (audited). */
  revoke: endpoint({ method: 'POST', path: '/certificate/revoke', body: t.strict({ id: t.string }), data: IssuedCertificate }),
} as const;

export const certificateMessages = {
  codeRequired: 'The code field is required',
  notEarned: (minimum: number, share: number) =>
    `A certificate needs at least ${minimum} respondents and at least ${share}% of the seats answering.`,
  viewAs: 'Certificates are issued for the whole organisation: go back to your own view first.',
  notFound: 'This certificate does not exist.',
  alreadyRevoked: 'This certificate is already revoked.',
} as const;

const base64url = {
  encode: (text: string): string => {
    const bytes = new TextEncoder().encode(text);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  },
  decode: (text: string): string | undefined => {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
    try {
      const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
      return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    } catch {
      return undefined;
    }
  },
};

/** The signed part of a code: the payload as base64url JSON. */
export const encodePayload = (payload: CertificatePayload): string => base64url.encode(JSON.stringify(payload));

/** A code split into its signed text, its payload and its signature (base64url), or undefined when it is not one. */
export const parseCode = (code: string): { signed: string; payload: CertificatePayload; signature: string } | undefined => {
  const parts = code.trim().split('.');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '' || code.length > 4000) return undefined;
  const json = base64url.decode(parts[0]!);
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const decoded = CertificatePayload.decode(value);
  return decoded._tag === 'Right' ? { signed: parts[0]!, payload: decoded.right, signature: parts[1]! } : undefined;
};
