import { describe, expect, it } from 'vitest';
import { statsMessages } from '../../../domain/contracts/stats';
import { TokenMessages } from '../../../domain/contracts/tokens';
import { ar } from '../../../domain/i18n/catalogues/ar';
import { fr } from '../../../domain/i18n/catalogues/fr';
import { en } from '../../../domain/i18n/en';
import { enParticipant } from '../../../domain/i18n/en.participant';
import { createTranslator } from '../../../infrastructure/i18n/translator';

describe("the server's English sentences through the translators", () => {
  it("the dashboards' translator shows a known sentence in the page's language, with Arabic's plural forms, and an unknown one as it came", async () => {
    const i18n = createTranslator('au', en);
    i18n.addResourceBundle('fr', 'translation', fr, true, true);
    i18n.addResourceBundle('ar', 'translation', ar, true, true);
    expect(i18n.t(statsMessages.needsAtLeast(5))).toBe('It needs at least 5 answers.');
    await i18n.changeLanguage('fr');
    expect(i18n.t(statsMessages.needsAtLeast(5))).toBe('Il faut au moins 5 réponses.');
    expect(i18n.t(statsMessages.notEnoughData)).toBe(fr.server_not_enough_data);
    expect(i18n.t('A sentence nobody translated.')).toBe('A sentence nobody translated.');
    expect(i18n.t('unknown thing', { defaultValue: 'shown instead' })).toBe('shown instead');
    await i18n.changeLanguage('ar');
    expect(i18n.t(statsMessages.needsAtLeast(3))).toBe(ar.server_needs_at_least_few!.replace('{{count}}', '3'));
    expect(i18n.t(statsMessages.needsAtLeast(2))).toBe(ar.server_needs_at_least_two!.replace('{{count}}', '2'));
  });

  it("the participant's translator does the same with the participant's texts", async () => {
    const translator = createTranslator('au', enParticipant);
    translator.addResourceBundle('fr', 'translation', fr);
    expect(translator.t(TokenMessages.tokenHasNoSeats)).toBe(TokenMessages.tokenHasNoSeats);
    const t = await translator.changeLanguage('fr');
    expect(t(TokenMessages.tokenHasNoSeats)).toBe(fr.server_link_no_seats);
    expect(t('Only the server says this.')).toBe('Only the server says this.');
  });
});
