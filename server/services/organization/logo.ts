import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import { LOGO_PATH, LogoMessages } from '../../../domain/contracts/groups';
import type { Database, OrganizationLogosTable } from '../../db/database';

export type LogoType = OrganizationLogosTable['content_type'];

export interface LogoImage {
  readonly content: Buffer;
  readonly contentType: LogoType;
}

/** Why an upload is refused: one of LogoMessages. */
export class LogoRefused extends Error {
  override name = 'LogoRefused';
}

const RASTER_TYPES: Readonly<Record<string, LogoType>> = {
  'image/png': 'image/png',
  // An animated PNG is still a PNG to every browser.
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
};

const SVG_NS = 'http://www.w3.org/2000/svg';

interface Sanitiser {
  readonly window: Window & typeof globalThis;
  readonly sanitize: (svg: string) => DocumentFragment;
}

// jsdom takes a moment to load and build a window: done once, on the first SVG.
let sanitiser: Promise<Sanitiser> | undefined;
const loadSanitiser = (): Promise<Sanitiser> =>
  (sanitiser ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    return {
      window,
      sanitize: (svg) => purify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM_FRAGMENT: true }),
    };
  })());

const decodeUtf8 = (bytes: Buffer): string | undefined => {
  try {
    // Strips a byte order mark; refuses bytes that are not UTF-8.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
};

/**
 * The SVG, sanitised, or a refusal. It must parse as XML with an <svg> root in the SVG
 * namespace (a document type with entities does not: the parser refuses it). DOMPurify's SVG
 * profile then removes scripts, event handlers, foreign objects and script URLs, and the
 * result is written back with an XML serialiser, so what is stored is well-formed.
 */
export const sanitizeSvg = async (text: string): Promise<string> => {
  const { window, sanitize } = await loadSanitiser();
  const parsed = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (parsed.getElementsByTagName('parsererror').length > 0 || root === null || root.localName === 'parsererror') {
    throw new LogoRefused(/<svg[\s>]/i.test(text) ? LogoMessages.svgNotWellFormed : LogoMessages.formatNotSupported);
  }
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw new LogoRefused(LogoMessages.formatNotSupported);
  const serializer = new window.XMLSerializer();
  // Only the root element goes on: no XML declaration, document type or processing instruction.
  const clean = sanitize(serializer.serializeToString(root));
  const svg = clean.firstElementChild;
  if (svg === null || svg.localName !== 'svg' || svg.namespaceURI !== SVG_NS) throw new LogoRefused(LogoMessages.formatNotSupported);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializer.serializeToString(svg)}\n`;
};

/**
 * What an upload is, told by its content and never by its name or declared type: PNG, JPEG
 * and WebP are kept as sent; an SVG is kept sanitised; anything else is refused.
 */
export const inspectLogo = async (bytes: Buffer): Promise<LogoImage> => {
  if (bytes.length === 0) throw new LogoRefused(LogoMessages.empty);
  const detected = await fileTypeFromBuffer(bytes);
  const raster = detected === undefined ? undefined : RASTER_TYPES[detected.mime];
  if (raster !== undefined) return { content: bytes, contentType: raster };
  // file-type recognises binary signatures only; text formats come back unknown or as XML.
  if (detected !== undefined && detected.mime !== 'application/xml') throw new LogoRefused(LogoMessages.formatNotSupported);
  const text = decodeUtf8(bytes);
  if (text === undefined || !/^\s*</.test(text)) throw new LogoRefused(LogoMessages.formatNotSupported);
  return { content: Buffer.from(await sanitizeSvg(text), 'utf8'), contentType: 'image/svg+xml' };
};

export const logoHash = (content: Uint8Array): string => createHash('sha256').update(content).digest('hex');

/** Where the client fetches the logo; the query changes with the logo so caches never serve an old one. */
export const logoUrl = (hash: string | null): string | null => (hash === null ? null : `/api${LOGO_PATH}?v=${hash.slice(0, 16)}`);

/** Stores the logo (replacing any) and answers its hash, to be written to organizations.logo_hash. */
export const storeLogo = async (db: Kysely<Database>, organizationId: string, image: LogoImage): Promise<string> => {
  const hash = logoHash(image.content);
  const values = { content: image.content, content_type: image.contentType, updated_at: new Date() };
  await db
    .insertInto('organization_logos')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
  return hash;
};

export const readLogo = async (db: Kysely<Database>, organizationId: string): Promise<LogoImage | undefined> => {
  const row = await db
    .selectFrom('organization_logos')
    .select(['content', 'content_type'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength), contentType: row.content_type };
};
