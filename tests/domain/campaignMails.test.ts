import { describe, expect, it } from 'vitest';
import { CampaignMessages } from '../../domain/contracts/campaigns';
import { MAIL_TEXTS } from '../../domain/i18n/mails';
import { unsubscribeLanguage, unsubscribePageTexts } from '../../domain/i18n/unsubscribe';

const LANGUAGES = ['en', 'fr', 'es', 'ar', 'zh'] as const;

describe('campaign mails in the five languages', () => {
  it('name the organisation and the survey, say a reminder apart, and carry the link, the closing time and the unsubscribe link', () => {
    const closes = new Date('2026-03-10T06:30:00Z');
    for (const code of LANGUAGES) {
      const words = MAIL_TEXTS[code]!;
      for (const reminder of [false, true]) expect(words.campaignSubject('Acme', 'Survey S', reminder), code).toMatch(/Acme[^]*Survey S|Survey S[^]*Acme/);
      expect(words.campaignSubject('Acme', 'Survey S', true), code).not.toBe(words.campaignSubject('Acme', 'Survey S', false));
      expect(words.campaignBody('Acme', 'Survey S', true, false), code).not.toBe(words.campaignBody('Acme', 'Survey S', false, false));
      // Anonymity is said only when the link enforces it.
      expect(words.campaignBody('Acme', 'Survey S', false, true).length, code).toBeGreaterThan(words.campaignBody('Acme', 'Survey S', false, false).length);
      const until = words.campaignUntil(closes, 'Australia/Sydney');
      expect(until, code).toMatch(/2026|٢٠٢٦/);
      expect(words.campaignLink('https://x.test/?token=T&invitation=I', until), code).toContain('https://x.test/?token=T&invitation=I');
      expect(words.campaignLink('https://x.test/l', until), code).toContain(until);
      expect(words.unsubscribeLine('https://x.test/api/unsubscribe?token=U'), code).toContain('https://x.test/api/unsubscribe?token=U');
      if (code !== 'en') expect(words.unsubscribeLine('L'), code).not.toBe(MAIL_TEXTS.en!.unsubscribeLine('L'));
    }
  });

  it('writes the closing time in the campaign zone, and an unknown zone in UTC rather than failing', () => {
    const closes = new Date('2026-03-10T23:30:00Z');
    expect(MAIL_TEXTS.en!.campaignUntil(closes, 'Australia/Sydney')).toMatch(/11 March 2026/);
    expect(MAIL_TEXTS.en!.campaignUntil(closes, 'America/New_York')).toMatch(/10 March 2026/);
    expect(MAIL_TEXTS.en!.campaignUntil(closes, 'Not/AZone')).toMatch(/UTC$/);
  });
});

describe('the unsubscribe page texts', () => {
  it('exist in the five languages, English for anything else, and refuse in the contract wording', () => {
    for (const code of LANGUAGES) {
      const words = unsubscribePageTexts(code);
      expect(words.question('Acme'), code).toContain('Acme');
      expect(words.done('Acme'), code).toContain('Acme');
      if (code !== 'en') expect(words.button, code).not.toBe(unsubscribePageTexts('en').button);
    }
    expect(unsubscribeLanguage('de')).toBe('en');
    expect(unsubscribeLanguage(undefined)).toBe('en');
    expect(unsubscribePageTexts('en').invalid).toBe(CampaignMessages.unsubscribeInvalid);
  });
});
