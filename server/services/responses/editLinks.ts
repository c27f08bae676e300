import { languageFor } from '../../../domain/i18n/precedence';
import type { Kysely, Selectable } from 'kysely';
import { EDIT_LINK_TTL_DAYS, EDIT_LINK_TTL_MS, type EditLinkPurpose } from '../../../domain/contracts/responses';
import { mailTexts } from '../../../domain/i18n/mails';
import type { Database, ResponseEditLinksTable } from '../../db/database';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { MailMessage } from '../mail';

export type EditLinkRow = Selectable<ResponseEditLinksTable>;

const TOKEN_MAX = 256;

/** A fresh pair of emailed links for a named response; only their sha-256 is stored. */
export interface IssuedLinks {
  readonly editToken: string;
  readonly deleteToken: string;
  readonly expiresAt: Date;
}

/**
 * Issues a new edit link and a new delete link for a response, retiring its earlier unused
 * ones: the latest email is the one that works. Used links are kept so that reusing one can
 * be told apart from a link that never existed ('edit survey done before').
 */
export const issueEditLinks = async (trx: Kysely<Database>, organizationId: string, responseId: string, now: Date): Promise<IssuedLinks> => {
  await trx
    .deleteFrom('response_edit_links')
    .where('organization_id', '=', organizationId)
    .where('response_id', '=', responseId)
    .where('used_at', 'is', null)
    .execute();
  const editToken = randomToken();
  const deleteToken = randomToken();
  const expiresAt = new Date(now.getTime() + EDIT_LINK_TTL_MS);
  const row = (token: string, purpose: EditLinkPurpose) => ({
    organization_id: organizationId,
    response_id: responseId,
    token_hash: sha256Hex(token),
    purpose,
    expires_at: expiresAt,
    used_at: null,
  });
  await trx.insertInto('response_edit_links').values([row(editToken, 'edit'), row(deleteToken, 'delete')]).execute();
  return { editToken, deleteToken, expiresAt };
};

/** The emailed link of a token, whatever its state, or undefined. */
export const findEditLink = async (db: Kysely<Database>, token: string): Promise<EditLinkRow | undefined> => {
  const trimmed = token.trim();
  if (trimmed === '' || trimmed.length > TOKEN_MAX) return undefined;
  return db.selectFrom('response_edit_links').selectAll().where('token_hash', '=', sha256Hex(trimmed)).executeTakeFirst();
};

/** 'usable' until used or expired; an unknown token and one of another purpose are 'invalid' alike. */
export type EditLinkState = { readonly state: 'usable'; readonly link: EditLinkRow } | { readonly state: 'used'; readonly link: EditLinkRow } | { readonly state: 'invalid' };

export const editLinkState = (link: EditLinkRow | undefined, purpose: EditLinkPurpose | 'any', now: Date): EditLinkState => {
  if (link === undefined || (purpose !== 'any' && link.purpose !== purpose)) return { state: 'invalid' };
  if (link.used_at !== null) return { state: 'used', link };
  return link.expires_at.getTime() > now.getTime() ? { state: 'usable', link } : { state: 'invalid' };
};

/**
 * Marks a link used, once: a conditional UPDATE, so of two requests racing with one link only
 * one gets true.
 */
export const consumeEditLink = async (trx: Kysely<Database>, linkId: string, now: Date): Promise<boolean> => {
  const row = await trx
    .updateTable('response_edit_links')
    .set({ used_at: now })
    .where('id', '=', linkId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
};

export const editLinkUrl = (appUrl: string, token: string): string => `${appUrl}/check-edit-survey?token=${encodeURIComponent(token)}`;
export const deleteLinkUrl = (appUrl: string, token: string): string => `${appUrl}/delete-survey?token=${encodeURIComponent(token)}`;

export interface EditLinkMailInput {
  readonly appUrl: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly to: string;
  readonly firstName: string;
  readonly links: IssuedLinks;
  /** The answers were just changed (not first sent). */
  readonly edited: boolean;
  /** The language the participant answered in; English when unknown. */
  readonly locale?: string;
}

/** The email that follows a named response: thanks, and the two single-use links. */
export const editLinkMail = (input: EditLinkMailInput): MailMessage => {
  const edit = editLinkUrl(input.appUrl, input.links.editToken);
  const erase = deleteLinkUrl(input.appUrl, input.links.deleteToken);
  const name = input.firstName.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  const words = mailTexts(languageFor('participantMail', { answeredIn: input.locale }));
  return {
    organizationId: input.organizationId,
    to: input.to,
    subject: words.answersSubject(input.organizationName, input.edited),
    text: `${words.greeting(name)}\n\n${words.answersBody(input.organizationName, input.edited)}\n${words.answersLinks(edit, erase, EDIT_LINK_TTL_DAYS)}`,
    link: edit,
  };
};
