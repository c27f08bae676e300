import { slideShowReducer } from '../../domain/slideshow/reducer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportPage } from '../../domain/contracts/exports';
import { UserSetting } from '../../domain/contracts/auth';
import {
  DEFAULT_SLIDE_SHOW, SLIDE_INTERVALS, type Slide, type SlideShowCommand, SlideShowSetting, type SlideShowState, decideSlideShow, initialSlideShow, isChartCard, slidesOf,
} from '../../domain/slideshow/slides';

const setting = fc.record({
  pages: fc.shuffledSubarray([...EXPORT_PAGES], { minLength: 1 }) as fc.Arbitrary<ExportPage[]>,
  interval: fc.constantFrom(...SLIDE_INTERVALS),
});

const command: fc.Arbitrary<SlideShowCommand | { type: 'slideShow/advanced' }> = fc.oneof(
  fc.constantFrom<SlideShowCommand | { type: 'slideShow/advanced' }>(
    { type: 'slideShow/start' }, { type: 'slideShow/next' }, { type: 'slideShow/previous' }, { type: 'slideShow/pause' },
    { type: 'slideShow/play' }, { type: 'slideShow/leave' }, { type: 'slideShow/advanced' },
  ),
  fc.integer({ min: -5, max: 80 }).map((index): SlideShowCommand => ({ type: 'slideShow/goTo', index })),
  fc.oneof(setting, fc.anything()).map((value): SlideShowCommand => ({ type: 'slideShow/configure', setting: value })),
);

/** Runs commands as the store does: decide, then fold each event (the timer's advance is an event of its own). */
const run = (start: SlideShowState, saved: SlideShowSetting, commands: readonly (SlideShowCommand | { type: 'slideShow/advanced' })[]) => {
  let state = start;
  for (const next of commands) {
    const events = next.type === 'slideShow/advanced' ? [next] : decideSlideShow(state, saved, next);
    if (!Array.isArray(events)) continue;
    for (const event of events) state = slideShowReducer(state, event);
  }
  return state;
};

describe('the slide show', () => {
  const cardsOf = (slides: readonly Slide[]) => slides.flatMap((slide) => (slide.kind === 'card' ? [slide.card] : []));

  it('opens on a title slide, then one slide per chart card of the chosen pages, in the chosen order', () => {
    const slides = slidesOf({ pages: ['worldviews', 'home'], interval: 10 });
    expect(slides[0]).toEqual({ kind: 'title' });
    expect(slides.filter((slide) => slide.kind === 'title')).toHaveLength(1);
    expect(cardsOf(slides)).toEqual([...EXPORT_CARDS.worldviews, ...EXPORT_CARDS.home].filter(isChartCard).map((card) => card.key));
    // No slide of a single number or a row of numbers: they leave a slide mostly empty.
    const all = slidesOf(DEFAULT_SLIDE_SHOW);
    // A card two pages list (gender by age, on Overview and Demographics) is one slide.
    expect(all.length - 1).toBe(new Set(EXPORT_PAGES.flatMap((page) => EXPORT_CARDS[page].filter(isChartCard).map((card) => card.key))).size);
    expect(all.length).toBeLessThan(EXPORT_PAGES.reduce((sum, page) => sum + EXPORT_CARDS[page].length, 0));
  });

  it('shows only the cards picked, each at most once, in the pages’ order', () => {
    const picked = [EXPORT_CARDS.languages[1]!.key, EXPORT_CARDS.overview[0]!.key];
    const slides = slidesOf({ pages: ['overview', 'languages'], interval: 10, cards: picked });
    expect(cardsOf(slides)).toEqual([EXPORT_CARDS.overview[0]!.key, EXPORT_CARDS.languages[1]!.key]);
    fc.assert(fc.property(fc.subarray([...EXPORT_PAGES], { minLength: 1 }), fc.nat(), (pages, seed) => {
      const offered = pages.flatMap((page) => EXPORT_CARDS[page].map((card) => card.key));
      const cards = [...new Set(offered.filter((_, i) => (i + seed) % 3 === 0))];
      const setting = { pages, interval: 10, cards: cards.length > 0 ? cards : [offered[0]!] };
      expect(SlideShowSetting.is(setting)).toBe(true);
      const shown = cardsOf(slidesOf(setting));
      expect(new Set(shown).size).toBe(shown.length);
      expect([...shown].sort()).toEqual([...setting.cards].sort());
    }));
    expect(SlideShowSetting.is({ pages: ['home'], interval: 10, cards: [] })).toBe(false);
    expect(SlideShowSetting.is({ pages: ['home'], interval: 10, cards: [EXPORT_CARDS.languages[0]!.key] })).toBe(false);
    expect(SlideShowSetting.is({ pages: ['home'], interval: 10, cards: [EXPORT_CARDS.home[0]!.key, EXPORT_CARDS.home[0]!.key] })).toBe(false);
  });

  it('always stands on a slide that exists, whatever is pressed, and plays only while running', () => {
    fc.assert(
      fc.property(setting, fc.array(command, { maxLength: 40 }), (saved, commands) => {
        const state = run(initialSlideShow, saved, commands);
        if (state.running) {
          expect(state.count).toBe(slidesOf(state.setting).length);
          expect(state.index).toBeGreaterThanOrEqual(0);
          expect(state.index).toBeLessThan(state.count);
        } else {
          expect(state.playing).toBe(false);
        }
        expect(SlideShowSetting.is(state.setting)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('goes round at both ends, pauses and plays, and leaves', () => {
    const saved: SlideShowSetting = { pages: ['languages'], interval: 5 };
    const count = slidesOf(saved).length;
    expect(count).toBeGreaterThan(4);
    let state = run(initialSlideShow, saved, [{ type: 'slideShow/start' }]);
    expect(state).toMatchObject({ running: true, playing: true, index: 0, count });
    state = run(state, saved, [{ type: 'slideShow/previous' }]);
    expect(state.index).toBe(count - 1);
    state = run(state, saved, [{ type: 'slideShow/next' }, { type: 'slideShow/advanced' }]);
    expect(state.index).toBe(1);
    state = run(state, saved, [{ type: 'slideShow/pause' }, { type: 'slideShow/advanced' }]);
    expect(state).toMatchObject({ playing: false, index: 1 });
    state = run(state, saved, [{ type: 'slideShow/play' }, { type: 'slideShow/goTo', index: 3 }]);
    expect(state).toMatchObject({ playing: true, index: 3 });
    expect(decideSlideShow(state, saved, { type: 'slideShow/goTo', index: count })).toEqual({ rejected: 'no such slide' });
    state = run(state, saved, [{ type: 'slideShow/leave' }]);
    expect(state).toEqual(initialSlideShow);
  });

  it('takes a new setting only when it is valid, and restarts with it', () => {
    const state = run(initialSlideShow, DEFAULT_SLIDE_SHOW, [{ type: 'slideShow/start' }, { type: 'slideShow/next' }]);
    expect(decideSlideShow(state, DEFAULT_SLIDE_SHOW, { type: 'slideShow/configure', setting: { pages: [], interval: 10 } })).toHaveProperty('rejected');
    expect(decideSlideShow(state, DEFAULT_SLIDE_SHOW, { type: 'slideShow/configure', setting: { pages: ['home', 'home'], interval: 10 } })).toHaveProperty('rejected');
    expect(decideSlideShow(state, DEFAULT_SLIDE_SHOW, { type: 'slideShow/configure', setting: { pages: ['home'], interval: 7 } })).toHaveProperty('rejected');
    const after = run(state, DEFAULT_SLIDE_SHOW, [{ type: 'slideShow/configure', setting: { pages: ['languages', 'home'], interval: 30 } }]);
    expect(after).toMatchObject({ running: true, index: 0, count: 1 + [...EXPORT_CARDS.languages, ...EXPORT_CARDS.home].filter(isChartCard).length, setting: { pages: ['languages', 'home'], interval: 30 } });
  });

  it('is part of the user setting, which still decodes without it', () => {
    expect(UserSetting.is({ banners: {} })).toBe(true);
    expect(UserSetting.is({ banners: {}, slide_show: { pages: ['home'], interval: 10 } })).toBe(true);
    expect(UserSetting.decode({ banners: {}, slide_show: { pages: ['payroll'], interval: 10 } })._tag).toBe('Left');
  });
});
