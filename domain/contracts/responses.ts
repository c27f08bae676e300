import * as t from 'io-ts';
import { endpoint } from './endpoint';
import { SurveySubmission } from './survey';
import { Anonymity } from './tokens';
import { ExtraAnswers } from './extraAnswers';

/**
 * Survey responses (SPEC sections 3, 4 and 7): the submit of POST /diversity-survey, and the
 * emailed links that let a named participant change or erase their answers.
 *
 * Paths (all public; the emailed token is the only credential):
 * - POST /diversity-survey: submit, or with `edit_token` replace the answers of a response.
 * - POST /check-update-survey: is an emailed link (either purpose) still usable?
 * - GET /check-edit-survey?token=: the stored answers of the response an edit link is for.
 * - DELETE /delete-survey: erase the response a delete link is for.
 * The pages the emails open are /check-edit-survey?token= (then /update-survey) and
 * /delete-survey?token= (SPEC section 2).
 */

/** Emailed edit and delete links work for this many days, once each. */
export const EDIT_LINK_TTL_DAYS = 7;
export const EDIT_LINK_TTL_MS = EDIT_LINK_TTL_DAYS * 86_400_000;

/** What an emailed link lets its holder do. */
export const EditLinkPurpose = t.keyof({ edit: null, delete: null });
export type EditLinkPurpose = t.TypeOf<typeof EditLinkPurpose>;

/**
 * Body of POST /diversity-survey: SurveySubmission plus
 * - alias: the link's alias from its address; when given it must be the link's (any case);
 * - invitation: the token of a personal survey invitation (also accepted in the query);
 * - edit_token: the token of an emailed edit link; the answers replace those of its response
 *   (no new seat is taken, the invitation is not read).
 * - extra: answers to the link's extra questions (question id to option keys); with
 *   edit_token they replace the stored answers to the questions the link asks now.
 * - email: where a named participant without an invitation wants the links to change or
 *   erase the answers (optional; SPEC section 5's pattern, at most RESPONSE_EMAIL_MAX
 *   characters; another value is refused). Not kept when the answer stays anonymous; with an
 *   invitation the invitation's address is used.
 * A blank invitation, edit_token or email counts as absent.
 */
export const SurveySubmitBody = t.intersection([
  SurveySubmission,
  t.exact(t.partial({ alias: t.string, invitation: t.string, edit_token: t.string, extra: ExtraAnswers, email: t.string })),
]);

/** The longest address an answer's edit links are sent to (what a mail system accepts). */
export const RESPONSE_EMAIL_MAX = 254;
export type SurveySubmitBody = t.TypeOf<typeof SurveySubmitBody>;

export const SurveySubmitQuery = t.exact(t.partial({ invitation: t.string }));

export const SurveySubmitted = t.strict({
  completed: t.literal(true),
  /** The answers replaced those of an earlier response (an edit link was used). */
  edited: t.boolean,
  /** An email with links to change or erase the answers went to the participant. */
  edit_link_sent: t.boolean,
});
export type SurveySubmitted = t.TypeOf<typeof SurveySubmitted>;

/**
 * SPEC section 4: success only on 200. Refusals: 404/409/410 with the link's message
 * (TokenMessages), 422 `{ message: 'Please check your answer(s)...', errors: { questionId: [...] } }`
 * for answers, 409 'already completed' for a used invitation, ResponseMessages for edit links.
 */
export const submitSurvey = endpoint({ method: 'POST', path: '/diversity-survey', query: SurveySubmitQuery, body: SurveySubmitBody, data: SurveySubmitted });

/** SPEC section 7: POST /check-update-survey (token, alias). `token` is an emailed link's token. */
export const CheckUpdateSurveyBody = t.intersection([t.strict({ token: t.string }), t.exact(t.partial({ alias: t.string }))]);

export const EditLinkCheck = t.strict({
  purpose: EditLinkPurpose,
  /** ISO 8601, UTC. */
  expires_at: t.string,
  organization_name: t.string,
  survey_id: t.number,
});
export type EditLinkCheck = t.TypeOf<typeof EditLinkCheck>;

export const checkUpdateSurvey = endpoint({ method: 'POST', path: '/check-update-survey', body: CheckUpdateSurveyBody, data: EditLinkCheck });

/**
 * The response an edit link is for, as the form needs it: the survey link's public token and
 * alias (send `token` back in the edit submit), the link's choices, and the stored answers in
 * the submit's own shape (answers.token is the survey link's token).
 */
export const EditableSurvey = t.intersection([t.strict({
  token: t.string,
  alias: t.string,
  survey_id: t.number,
  organization_name: t.string,
  anonymity: Anonymity,
  department: t.union([t.strict({ id: t.string, name: t.string }), t.null]),
  /** When the edit link stops working (ISO 8601, UTC). */
  expires_at: t.string,
  answers: SurveySubmission,
  /** The names of the options answered (principle id to name), to show the answers again. */
  names: t.record(t.string, t.string),
  /** The options answered that are a list's "Prefer not to answer". */
  prefer_not: t.array(t.number),
}),
  /** The stored answers to the extra questions the link asks now. */
  t.exact(t.partial({ extra: ExtraAnswers })),
]);
export type EditableSurvey = t.TypeOf<typeof EditableSurvey>;

export const checkEditSurvey = endpoint({ method: 'GET', path: '/check-edit-survey', query: t.strict({ token: t.string }), data: EditableSurvey });

/** Erases the response of a delete link: its answers, their rows and its links. The seat it used stays used. */
export const deleteSurvey = endpoint({
  method: 'DELETE',
  path: '/delete-survey',
  body: t.strict({ token: t.string }),
  data: t.strict({ deleted: t.number }),
});

/** Our sentences for SPEC section 8's 'cannot update' and 'edit survey done before', and the rest of this area. */
export const ResponseMessages = {
  /** 'cannot update': an unknown, expired or erased edit link. */
  cannotUpdate: 'These answers can no longer be changed with this link.',
  /** 'edit survey done before': the edit link was used already. */
  editDoneBefore: 'You have already changed your answers with this link. Use the link of the latest email.',
  deleteLinkInvalid: 'This link can no longer erase these answers.',
  /** Names sent while the participant chose to stay anonymous. */
  namesWhenAnonymous: 'Names are not asked when you stay anonymous.',
} as const;
