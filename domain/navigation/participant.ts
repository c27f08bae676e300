/**
 * The pages a survey participant opens (SPEC section 2): the survey from a link (`/` with a
 * token, `/register` from a personal invitation) and the emailed links that change or erase
 * answers. They are served by the participant's own small page (survey.html), so a phone
 * downloads none of the dashboards; every other path is the dashboards' application.
 */
export const PARTICIPANT_PATHS = ['/register', '/update-survey', '/check-edit-survey', '/delete-survey'] as const;

export const isParticipantPage = (pathname: string, search: string): boolean =>
  pathname === '/' ? new URLSearchParams(search).has('token') : (PARTICIPANT_PATHS as readonly string[]).includes(pathname);
