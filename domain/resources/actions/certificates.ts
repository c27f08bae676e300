import { certificateEndpoints } from '../../contracts/certificates';
import type { ActionEntry } from './entry';

/** The administrators' issue and revoke (organisation settings). */
export const certificateActions = {
  issueCertificate: { endpoint: certificateEndpoints.issue, reloads: ['certificates'], done: 'Certificate issued.' },
  revokeCertificate: { endpoint: certificateEndpoints.revoke, reloads: ['certificates'], done: 'Certificate revoked.' },
} satisfies Record<string, ActionEntry>;
