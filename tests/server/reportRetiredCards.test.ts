import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../server/services/reports';

describe('a saved report definition naming cards the Languages page no longer draws', () => {
  it('reads the cards that now show those figures, each once and in the page’s order', () => {
    const { pages } = checkDefinition({ title: 'Languages', pages: [{ page: 'languages', cards: ['language/multilingual', 'language/most-common', 'language/monolingual'] }] });
    expect(pages[0]!.cards.map((card) => card.key)).toEqual(['language/row-two', 'language/languages']);
  });

  it('still refuses a card no page has had', () => {
    expect(() => checkDefinition({ title: 'Languages', pages: [{ page: 'languages', cards: ['language/nothing'] }] })).toThrow();
  });
});
