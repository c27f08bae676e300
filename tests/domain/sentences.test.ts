import { describe, expect, it } from 'vitest';
import { asSentence, nameBeforeFullStop, refusalSentences } from '../../domain/i18n/sentences';

describe('sentences around names and refusals', () => {
  it('drop a name\'s own full stop before the sentence\'s ("Co.." never)', () => {
    expect(`Your answers have been sent to ${nameBeforeFullStop('Riverbend Demo Co.')}.`).toBe('Your answers have been sent to Riverbend Demo Co.');
    expect(nameBeforeFullStop('Acme')).toBe('Acme');
  });

  it('say each refusal once, as sentences, field errors before the general message', () => {
    const errors = { text: ['The text field is required', 'The text field is required'], 'options.0': ['An option is too long.'] };
    expect(refusalSentences('The given data was invalid.', errors).map(asSentence)).toEqual(['The text field is required.', 'An option is too long.']);
    expect(refusalSentences('Only the administrator can do this.', {})).toEqual(['Only the administrator can do this.']);
    expect(refusalSentences(null, {})).toEqual([]);
    expect(asSentence('请检查。')).toBe('请检查。');
    expect(asSentence('هل أنت متأكد؟')).toBe('هل أنت متأكد؟');
  });
});
