import { mailTexts } from '../../../../domain/i18n/mails';
import { UNSUBSCRIBE_PATH } from '../../../../domain/contracts/campaigns';
import { invitationLink } from '../../invitations';
import type { MailMessage } from '../../mail';

/** What one campaign mail says, and to whom. */
export interface CampaignMailInput {
  readonly appUrl: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly campaignId: string;
  readonly personId: string;
  readonly step: number;
  readonly email: string;
  readonly firstName: string;
  readonly language: string;
  readonly surveyName: string;
  readonly anonymous: boolean;
  /** The survey link's own token (survey_tokens.token). */
  readonly surveyLinkToken: string;
  /** The personal invitation's token this mail carries. */
  readonly invitationToken: string;
  readonly unsubscribeToken: string;
  readonly closesAt: Date;
  readonly timeZone: string;
}

export const unsubscribeUrl = (appUrl: string, token: string): string => `${appUrl}/api${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/**
 * One Message-ID per campaign, person and step, whatever the attempt: a mail sent again after a
 * crash (see sender.ts) is the same message to the receiving side, which keeps one.
 */
export const campaignMessageId = (appUrl: string, campaignId: string, personId: string, step: number): string =>
  `<campaign.${campaignId}.${personId}.${step}@${new URL(appUrl).hostname || 'localhost'}>`;

/** The invitation (step 0) or a reminder, in the recipient's language, with RFC 8058 one-click unsubscribe. */
export const campaignMail = (input: CampaignMailInput): MailMessage => {
  const words = mailTexts(input.language);
  const reminder = input.step > 0;
  const link = invitationLink(input.appUrl, 'survey', input.invitationToken, input.surveyLinkToken);
  const unsubscribe = unsubscribeUrl(input.appUrl, input.unsubscribeToken);
  return {
    organizationId: input.organizationId,
    to: input.email,
    subject: words.campaignSubject(input.organizationName, input.surveyName, reminder),
    text:
      `${words.greeting(input.firstName.trim())}\n\n` +
      words.campaignBody(input.organizationName, input.surveyName, reminder, input.anonymous) +
      `\n${words.campaignLink(link, words.campaignUntil(input.closesAt, input.timeZone))}` +
      `\n${words.unsubscribeLine(unsubscribe)}`,
    link,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: campaignMessageId(input.appUrl, input.campaignId, input.personId, input.step),
  };
};
