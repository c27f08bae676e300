import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthMessages } from '../../../domain/contracts/auth';
import { RESPONSE_EMAIL_MAX } from '../../../domain/contracts/responses';
import { decideSurvey, emailProblems } from '../../../domain/survey/decide';
import { submissionPayload } from '../../../domain/survey/payload';
import { surveyReducer } from '../../../domain/survey/reducer';
import { EMAIL_FIELD } from '../../../domain/survey/state';
import { isValidEmail } from '../../../domain/session/email';
import { definitions, fillCommands, fold, isEvent, linkOptions, openedState, run } from './support';

/**
 * Issue 27, item 7: the named survey asks for the address its welcome promises. The address
 * goes with the answers only when they are named, and only an address SPEC section 5 accepts
 * gets through the submit. Item 6: the reminder of a link answered from this browser.
 */

const address = fc.oneof(
  fc.emailAddress(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '   ', 'ada@example.org', ' ada@example.org ', 'ada at example', 'ada@example', `${'a'.repeat(250)}@example.org`),
);

/** A survey filled in validly on some link, then an address typed. */
const filledWithEmail = fc
  .tuple(linkOptions, address)
  .chain(([options, email]) => fillCommands(options).map((commands) => ({ options, email, commands })));

describe('the address for the edit links', () => {
  it('is sent trimmed exactly when the answer is named and it is not blank; a submit goes only with a valid one', () => {
    fc.assert(
      fc.property(filledWithEmail, ({ options, email, commands }) => {
        const { state, decisions } = run(openedState(options), [...commands, { type: 'survey/setEmail', email }]);
        const named = !options.anonymityEnforced && state.answers['33']?.answer === 0;
        if (options.anonymityEnforced) {
          // An anonymous link does not ask for it at all.
          expect(decisions.at(-1)).toMatchObject({ type: 'bus/commandRejected', command: 'survey/setEmail' });
          expect(state.email).toBe('');
        }
        const payload = submissionPayload(definitions, state);
        const trimmed = email.trim();
        if (named && trimmed !== '') expect(payload.email).toBe(trimmed);
        else expect(payload).not.toHaveProperty('email');

        const submitted = decideSurvey(state, { type: 'survey/submit' });
        const refusedForAddress = named && trimmed !== '' && (trimmed.length > RESPONSE_EMAIL_MAX || !isValidEmail(trimmed));
        if (refusedForAddress) {
          expect(submitted).toEqual([{ type: 'survey/validationFailed', validations: { [EMAIL_FIELD]: { messages: [AuthMessages.invalidEmail], rows: {} } } }]);
        } else {
          expect(submitted).toEqual([{ type: 'survey/submitRequested' }]);
        }
        expect(Object.keys(emailProblems(state)).length > 0).toBe(refusedForAddress);
      }),
    );
  });

  it('is forgotten with the answers once the server took them, and the thanks hears whether the links were mailed', () => {
    fc.assert(
      fc.property(fc.boolean(), (mailed) => {
        const opened = openedState({ anonymityEnforced: false });
        const typed = fold(opened, [{ type: 'survey/emailSet', email: 'ada@example.org' }, { type: 'survey/submitRequested' }]);
        const done = fold(typed, [{ type: 'survey/submitSucceeded' }, ...(mailed ? [{ type: 'survey/editLinkSent' } as const] : [])]);
        expect(done).toMatchObject({ status: 'submitted', email: '', editLinkSent: mailed });
      }),
    );
  });
});

describe('a link answered from this browser', () => {
  it('holds the form until someone starts anew; starting anew without the reminder changes nothing', () => {
    const opened = openedState();
    expect(decideSurvey(opened, { type: 'survey/startAnew' })).toEqual([]);
    const reminded = surveyReducer(opened, { type: 'survey/answeredHere', token: opened.token! });
    expect(reminded.answeredHere).toBe(true);
    // A reminder for another link is not this one's.
    expect(surveyReducer(opened, { type: 'survey/answeredHere', token: 'another' }).answeredHere).toBe(false);
    const decided = decideSurvey(reminded, { type: 'survey/startAnew' });
    expect(decided).toEqual([{ type: 'survey/startedAnew' }]);
    expect(fold(reminded, decided.filter(isEvent)).answeredHere).toBe(false);
  });
});
