import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthMessages } from '../../domain/contracts/auth';
import { Messages } from '../../domain/contracts/envelope';
import { ResponseMessages } from '../../domain/contracts/responses';
import { statsMessages } from '../../domain/contracts/stats';
import { statisticsMessages } from '../../domain/contracts/statistics';
import { SurveyMessages } from '../../domain/contracts/survey';
import { TokenMessages } from '../../domain/contracts/tokens';
import { en } from '../../domain/i18n/en';
import { enParticipant } from '../../domain/i18n/en.participant';
import { serverMessageReader } from '../../domain/i18n/serverMessages';

const dashboards = serverMessageReader(en);
const participant = serverMessageReader(enParticipant);

describe("the server's sentences in the page's language", () => {
  it('reads every sentence the dashboards show as a catalogue key', () => {
    const sentences = [
      statsMessages.notEnoughData, statisticsMessages.keyFactsPage, Messages.invalidData, Messages.notFound, Messages.tooManyRequests,
      AuthMessages.invalidCredentials, AuthMessages.userNotActive, AuthMessages.tooManyAttempts, AuthMessages.invalidCode,
      AuthMessages.resetRequested, AuthMessages.emailTaken, AuthMessages.currentPasswordWrong, AuthMessages.samePassword,
    ];
    for (const sentence of sentences) {
      const ref = dashboards(sentence);
      expect(ref, sentence).toBeDefined();
      expect(en[ref!.key as keyof typeof en]).toBe(sentence);
    }
  });

  it("reads every sentence a participant meets as a key of the participant's own texts", () => {
    const sentences = [
      TokenMessages.linkNotFound, TokenMessages.tokenNoLongerValid, TokenMessages.surveyExpired, TokenMessages.surveyNotStarted,
      TokenMessages.tokenHasNoSeats, TokenMessages.alreadyCompleted, TokenMessages.invitationNoLongerValid, TokenMessages.surveyDoesNotExist,
      ResponseMessages.cannotUpdate, ResponseMessages.editDoneBefore, ResponseMessages.deleteLinkInvalid,
      SurveyMessages.groupFull, SurveyMessages.questionError,
    ];
    for (const sentence of sentences) {
      const ref = participant(sentence);
      expect(ref, sentence).toBeDefined();
      expect(enParticipant[ref!.key as keyof typeof enParticipant]).toBe(sentence);
    }
  });

  it('reads the counted sentences with their number, whatever it is', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
      expect(dashboards(statsMessages.needsAtLeast(n))).toEqual({ key: 'server_needs_at_least', values: { count: n } });
      expect(participant(SurveyMessages.questionErrors(n))).toEqual({ key: 'server_question_errors', values: { count: n } });
    }));
  });

  it('leaves sentences it does not know, and near misses, as they are', () => {
    const texts = new Set<string>(Object.values(en));
    fc.assert(fc.property(fc.string(), (text) => {
      if (!texts.has(text)) expect(dashboards(text)).toBeUndefined();
    }), { numRuns: 300 });
    expect(dashboards('It needs at least many answers.')).toBeUndefined();
    expect(dashboards('It needs at least  answers.')).toBeUndefined();
    expect(dashboards('Something only the server says.')).toBeUndefined();
  });
});
