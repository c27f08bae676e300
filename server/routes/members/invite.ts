import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changeGroupAssignee,
  departmentRegister,
  getInvitations,
  inviteAnotherAdmin,
  inviteSubAdmin,
  inviteSubGroup,
  surveyInvitation,
  updateInvitation,
} from '../../../domain/contracts/members';
import { localeHeader } from '../../http/locale';
import { registerEndpoint } from '../../http/route';
import { authOf } from '../../plugins/auth';
import { changeAssignee } from '../../services/invitations/assignees';
import { createGroup, createSubGroup } from '../../services/invitations/departments';
import type { Invited, Inviter } from '../../services/invitations/inviter';
import { changeInvitation, listInvitations } from '../../services/invitations/manage';
import { inviteSecondAdministrator, inviteSubAdministrator, inviteToSurvey } from '../../services/invitations/people';

/** The invitation endpoints for signed-in callers: creating, listing, changing (services/invitations). */
export const inviteRoutes = (scope: FastifyInstance, app: FastifyInstance): void => {
  const inviterOf = (request: FastifyRequest): Inviter => ({ auth: authOf(request), address: request.ip, appUrl: app.config.appUrl, locale: localeHeader(request) });

  /** The emails go once the service's transaction has committed, before the reply. */
  const delivered = async <T>({ result, mails }: Invited<T>): Promise<T> => {
    for (const mail of mails) await app.mailer.send(mail);
    return result;
  };

  registerEndpoint(scope, departmentRegister, async ({ body, request }) => delivered(await createGroup(app.db, inviterOf(request), body)));
  registerEndpoint(scope, inviteSubGroup, async ({ body, request }) => delivered(await createSubGroup(app.db, inviterOf(request), body)));
  registerEndpoint(scope, inviteSubAdmin, async ({ body, request }) => delivered(await inviteSubAdministrator(app.db, inviterOf(request), body)));
  registerEndpoint(scope, inviteAnotherAdmin, async ({ body, request }) => delivered(await inviteSecondAdministrator(app.db, inviterOf(request), body)));
  registerEndpoint(scope, surveyInvitation, async ({ body, request }) => delivered(await inviteToSurvey(app.db, inviterOf(request), body)));
  registerEndpoint(scope, getInvitations, async ({ query, request }) => listInvitations(app.db, authOf(request), query));
  registerEndpoint(scope, updateInvitation, async ({ body, request }) => delivered(await changeInvitation(app.db, inviterOf(request), body)));
  registerEndpoint(scope, changeGroupAssignee, async ({ body, request }) => delivered(await changeAssignee(app.db, inviterOf(request), body)));
};
