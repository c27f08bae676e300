import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../infrastructure/i18n/translator';

describe("the translator's parts of the built-in English", () => {
  it('knows a part once it is added, in English and as the fallback of another language', () => {
    const translator = createTranslator('fr', { home: 'Home' });
    translator.addResourceBundle('fr', 'translation', { home: 'Accueil' });
    expect(translator.t('people_upload')).toBe('people_upload');
    translator.addBuiltInTexts({ people_upload: 'Read the file' });
    expect(translator.t('people_upload')).toBe('Read the file');
    expect(translator.t('home')).toBe('Accueil');
    translator.addResourceBundle('fr', 'translation', { people_upload: 'Lire le fichier' });
    expect(translator.t('people_upload')).toBe('Lire le fichier');
  });

  it("reads the server's English sentences of a part in the page's language once the part is in", () => {
    const sentence = 'Choose a CSV or Excel file to import.';
    const translator = createTranslator('fr', {});
    translator.addResourceBundle('fr', 'translation', { server_people_file_missing: 'Choisissez un fichier CSV ou Excel à importer.' });
    expect(translator.t(sentence)).toBe(sentence);
    translator.addBuiltInTexts({ server_people_file_missing: sentence });
    expect(translator.t(sentence)).toBe('Choisissez un fichier CSV ou Excel à importer.');
  });

  it('adds a part once, whatever the number of renders that add it, and translates nothing again', () => {
    const translator = createTranslator('au', {});
    const part = { people_upload: 'Read the file' };
    let changes = 0;
    translator.subscribe(() => (changes += 1));
    translator.addBuiltInTexts(part);
    translator.addResourceBundle('au', 'translation', { people_upload: 'Read the file again' });
    translator.addBuiltInTexts(part);
    expect(translator.t('people_upload')).toBe('Read the file again');
    expect(translator.revision).toBe(0);
    expect(changes).toBe(0);
  });
});
