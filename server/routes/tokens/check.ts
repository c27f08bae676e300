import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Anonymity, checkRegisterToken, TokenMessages } from '../../../domain/contracts/tokens';
import { ApiError } from '../../http/apiError';
import { registerEndpoint } from '../../http/route';
import { findLinkByToken, findLinkInvitation, type LinkRefusal, linkRefusal } from '../../services/tokens/seats';

/** The refusal of each link state, as the survey page shows it (SPEC section 8 names). */
export const refusalError = (reason: LinkRefusal): ApiError => {
  switch (reason) {
    case 'inactive':
      return new ApiError(404, TokenMessages.tokenNoLongerValid);
    case 'expired':
      return new ApiError(410, TokenMessages.surveyExpired);
    case 'not_started':
      return new ApiError(409, TokenMessages.surveyNotStarted);
    case 'no_seats':
      return new ApiError(409, TokenMessages.tokenHasNoSeats);
  }
};

/**
 * GET /check-register-token (public). Answers what the survey page needs, or why the link
 * cannot be answered: an unknown token, an alias that is not the link's, a switched-off link
 * or one of an organisation that cannot be used all answer 'This survey link is no longer
 * valid.' (404), so a guess learns nothing more.
 */
export const checkRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, checkRegisterToken, async ({ query }) => {
    const found = await findLinkByToken(app.db, query.token.trim());
    const alias = query.alias?.trim() ?? '';
    if (found === undefined || !found.organization.usable || (alias !== '' && alias.toLowerCase() !== found.link.alias.toLowerCase())) {
      throw refusalError('inactive');
    }
    const { link } = found;

    const invitationToken = query.invitation?.trim() ?? '';
    let person: { email: string; first_name: string; last_name: string } | undefined;
    let assignee = false;
    if (invitationToken !== '') {
      const found = await findLinkInvitation(app.db, link, invitationToken);
      if (found.state === 'invalid') throw new ApiError(404, TokenMessages.invitationNoLongerValid);
      if (found.state === 'used') throw new ApiError(409, TokenMessages.alreadyCompleted);
      const { invitation } = found;
      person = { email: invitation.email, first_name: invitation.first_name, last_name: invitation.last_name };
      const member = await app.db
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', link.organization_id)
        .where(sql<string>`lower(email)`, '=', invitation.email.trim().toLowerCase())
        .where('role', 'in', ['group_assignee', 'subgroup_assignee'])
        .where('active', '=', true)
        .executeTakeFirst();
      assignee = member !== undefined;
    }

    const refusal = linkRefusal(link, new Date());
    if (refusal !== undefined) throw refusalError(refusal);

    return {
      anonymity: (link.anonymity === 0 ? 0 : 1) as Anonymity,
      organization_name: found.organization.name,
      token: link.token,
      survey_id: link.survey_id,
      email: person?.email ?? null,
      first_name: person?.first_name ?? null,
      last_name: person?.last_name ?? null,
      organization_assignee: assignee,
      organization_invited: person !== undefined,
      department: found.department,
      expires_at: link.expires_at.toISOString(),
    };
  });
};
