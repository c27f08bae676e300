import { createHash } from 'node:crypto';

/**
 * A backup of the embedded database as one file: a magic line, the SHA-256 of everything after
 * it, the length of a JSON header, the header, then the payload (PGlite's gzipped data folder).
 * A file cut short or altered anywhere no longer matches, so it is refused before anything is
 * touched.
 */
const MAGIC = Buffer.from('COMMONWEAVE-BACKUP 1\n', 'utf8');
/** The magic line written before the product was renamed; its files are read the same way. */
const EARLIER_MAGIC = Buffer.from('DIVERSITY-ATLAS-BACKUP 1\n', 'utf8');
const CHECKSUM_BYTES = 64;
const HEADER_LENGTH_BYTES = 4;
const MAX_HEADER_BYTES = 64 * 1024;

export interface BackupHeader {
  readonly format: 1;
  readonly createdAt: string;
  /** The newest migration the database had, so a restore can say what it brings back. */
  readonly migration: string | null;
  readonly payloadBytes: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export const encodeBackup = (payload: Uint8Array, migration: string | null, now = new Date()): Buffer => {
  const header: BackupHeader = { format: 1, createdAt: now.toISOString(), migration, payloadBytes: payload.length };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(HEADER_LENGTH_BYTES);
  length.writeUInt32BE(headerBytes.length);
  const checked = Buffer.concat([length, headerBytes, payload]);
  return Buffer.concat([MAGIC, Buffer.from(sha256(checked), 'ascii'), checked]);
};

const isHeader = (value: unknown): value is BackupHeader => {
  const header = value as Partial<BackupHeader> | null;
  return (
    typeof header === 'object' &&
    header !== null &&
    header.format === 1 &&
    typeof header.createdAt === 'string' &&
    (header.migration === null || typeof header.migration === 'string') &&
    Number.isSafeInteger(header.payloadBytes) &&
    (header.payloadBytes ?? -1) >= 0
  );
};

/** The header and payload of a whole, unaltered backup; otherwise a BackupError saying what is wrong. */
const startsWith = (bytes: Buffer, magic: Buffer): boolean => bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);

export const decodeBackup = (file: Uint8Array): { header: BackupHeader; payload: Buffer } => {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const magic = [MAGIC, EARLIER_MAGIC].find((candidate) => startsWith(bytes, candidate));
  if (!magic) throw new BackupError('This is not a Commonweave backup file.');
  const fixedBytes = magic.length + CHECKSUM_BYTES + HEADER_LENGTH_BYTES;
  if (bytes.length < fixedBytes) throw new BackupError('The backup file is cut short. It was not restored.');
  const headerLength = bytes.readUInt32BE(magic.length + CHECKSUM_BYTES);
  const headerEnd = fixedBytes + headerLength;
  if (headerLength <= MAX_HEADER_BYTES && headerEnd > bytes.length) throw new BackupError('The backup file is cut short: its header is incomplete. It was not restored.');
  let header: unknown;
  try {
    header = headerLength <= MAX_HEADER_BYTES ? JSON.parse(bytes.subarray(fixedBytes, headerEnd).toString('utf8')) : undefined;
  } catch {
    header = undefined;
  }
  // Say "cut short" when the header tells so; anything else that does not match is damage.
  if (isHeader(header) && bytes.length - headerEnd < header.payloadBytes) {
    throw new BackupError(`The backup file is cut short: ${bytes.length - headerEnd} of ${header.payloadBytes} bytes of data. It was not restored.`);
  }
  const checksum = bytes.subarray(magic.length, magic.length + CHECKSUM_BYTES).toString('ascii');
  if (!isHeader(header) || checksum !== sha256(bytes.subarray(magic.length + CHECKSUM_BYTES))) {
    throw new BackupError('The backup file is damaged: it does not match its checksum. It was not restored.');
  }
  return { header, payload: bytes.subarray(headerEnd) };
};
