import * as t from 'io-ts';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportCard, type ExportPage, ExportPage as ExportPageCodec } from '../contracts/exports';
import { Count, Headline } from '../contracts/statistics';
import type { MessageKey } from '../i18n/en';
import { emptyMessage, message } from '../kernel/message';

/**
 * The slide show (issues 17 and 31): a title slide, then the picked cards one per slide on a conference screen.
 * Which pages, in which order, and how long each slide stays are the person's own settings
 * (user setting `slide_show`); where the show stands is this slice's state, moved by commands.
 */

export const SLIDE_INTERVALS = [5, 10, 15, 20, 30, 45, 60] as const;
export const DEFAULT_SLIDE_INTERVAL = 15;

/** Seconds a slide stays before the next: one of SLIDE_INTERVALS. */
export const SlideInterval = new t.Type<number, number, unknown>(
  'SlideInterval',
  (value): value is number => typeof value === 'number' && (SLIDE_INTERVALS as readonly number[]).includes(value),
  (value, context) => (typeof value === 'number' && (SLIDE_INTERVALS as readonly number[]).includes(value) ? t.success(value) : t.failure(value, context, 'Choose one of the offered intervals.')),
  t.identity,
);

const SettingShape = t.intersection([
  t.strict({ pages: t.array(ExportPageCodec), interval: SlideInterval }),
  /** The cards picked for the show (their keys); without it, every chart card of the chosen pages. */
  t.partial({ cards: t.array(t.string) }),
]);
type SettingShape = t.TypeOf<typeof SettingShape>;

const validateSetting = (value: unknown, context: t.Context): t.Validation<SettingShape> => {
  const shape = SettingShape.validate(value, context);
  if (shape._tag === 'Left') return shape;
  const { pages, cards } = shape.right;
  if (pages.length === 0 || new Set(pages).size !== pages.length) return t.failure(value, context, 'Choose each page at most once, and at least one.');
  if (cards === undefined) return shape;
  const offered = new Set(pages.flatMap((page) => EXPORT_CARDS[page].map((card) => card.key)));
  return cards.length > 0 && new Set(cards).size === cards.length && cards.every((card) => offered.has(card))
    ? shape
    : t.failure(value, context, 'Choose each card at most once, at least one, from the chosen pages.');
};

/**
 * The person's slide show: chosen pages in their order (each once, at least one), seconds per
 * slide, and optionally the cards picked from those pages (each once, at least one).
 */
export const SlideShowSetting = new t.Type<SettingShape, SettingShape, unknown>(
  'SlideShowSetting',
  (value): value is SettingShape => validateSetting(value, [])._tag === 'Right',
  validateSetting,
  (value) => SettingShape.encode(value),
);
export type SlideShowSetting = t.TypeOf<typeof SlideShowSetting>;

export const DEFAULT_SLIDE_SHOW: SlideShowSetting = { pages: [...EXPORT_PAGES], interval: DEFAULT_SLIDE_INTERVAL };

/** One card on a slide of its own, its chart filling the slide. */
export interface CardSlide {
  readonly kind: 'card';
  readonly page: ExportPage;
  /** The card's statistics endpoint path, e.g. 'overview/row-one'. */
  readonly card: string;
  readonly title: MessageKey;
}

/** The opening slide: the organisation, the selection shown (filters, date range) and the date. */
export interface TitleSlide {
  readonly kind: 'title';
}

export type Slide = TitleSlide | CardSlide;

/** A card that draws a chart (not a single number or a row of numbers, which would leave a slide mostly empty). */
export const isChartCard = (card: ExportCard): boolean => card.endpoint.data !== Count && card.endpoint.data !== Headline;

/** The cards a show offers on its pages: every chart card, page by page in the chosen order. */
export const offeredCards = (pages: readonly ExportPage[]): Array<{ page: ExportPage; card: ExportCard }> =>
  pages.flatMap((page) => EXPORT_CARDS[page].map((card) => ({ page, card })));

/**
 * The title slide, then one slide per picked card (by default every chart card of the chosen
 * pages), page by page in the chosen order, cards in the page's order; a card is shown at most
 * once even if two pages list it.
 */
export const slidesOf = (setting: SlideShowSetting): Slide[] => {
  const picked = setting.cards === undefined ? null : new Set(setting.cards);
  const seen = new Set<string>();
  const cards = offeredCards(setting.pages).flatMap(({ page, card }): CardSlide[] => {
    const wanted = picked === null ? isChartCard(card) : picked.has(card.key);
    if (!wanted || seen.has(card.key)) return [];
    seen.add(card.key);
    return [{ kind: 'card', page, card: card.key, title: card.title }];
  });
  return [{ kind: 'title' }, ...cards];
};

export const slideShowCommands = {
  start: emptyMessage('slideShow/start'),
  next: emptyMessage('slideShow/next'),
  previous: emptyMessage('slideShow/previous'),
  goTo: message('slideShow/goTo', { index: t.number }),
  pause: emptyMessage('slideShow/pause'),
  play: emptyMessage('slideShow/play'),
  leave: emptyMessage('slideShow/leave'),
  /** New pages, order and interval: kept in the person's settings. */
  configure: message('slideShow/configure', { setting: t.unknown }),
};
export const SlideShowCommand = t.union([
  slideShowCommands.start, slideShowCommands.next, slideShowCommands.previous, slideShowCommands.goTo,
  slideShowCommands.pause, slideShowCommands.play, slideShowCommands.leave, slideShowCommands.configure,
]);
export type SlideShowCommand = t.TypeOf<typeof SlideShowCommand>;

export const slideShowEvents = {
  started: message('slideShow/started', { setting: SlideShowSetting }),
  moved: message('slideShow/moved', { index: t.number }),
  /** The interval ran out on a playing slide (the timer effect's event). */
  advanced: emptyMessage('slideShow/advanced'),
  paused: emptyMessage('slideShow/paused'),
  resumed: emptyMessage('slideShow/resumed'),
  left: emptyMessage('slideShow/left'),
  configured: message('slideShow/configured', { setting: SlideShowSetting }),
};
export const SlideShowEvent = t.union([
  slideShowEvents.started, slideShowEvents.moved, slideShowEvents.advanced, slideShowEvents.paused,
  slideShowEvents.resumed, slideShowEvents.left, slideShowEvents.configured,
]);
export type SlideShowEvent = t.TypeOf<typeof SlideShowEvent>;

export interface SlideShowState {
  readonly running: boolean;
  /** The pages and interval the show runs with (the person's setting when it started or was changed). */
  readonly setting: SlideShowSetting;
  readonly playing: boolean;
  readonly index: number;
  readonly count: number;
  /** Bumped on every move, so the timer starts again even when the index comes back the same. */
  readonly moves: number;
}

export const initialSlideShow: SlideShowState = { running: false, setting: DEFAULT_SLIDE_SHOW, playing: false, index: 0, count: 0, moves: 0 };

/** What a command yields, given the show's state and the person's setting; null: refused with that reason. */
export const decideSlideShow = (state: SlideShowState, setting: SlideShowSetting, command: SlideShowCommand): SlideShowEvent[] | { readonly rejected: string } => {
  switch (command.type) {
    case 'slideShow/start':
      return [{ type: 'slideShow/started', setting }];
    case 'slideShow/configure': {
      if (!SlideShowSetting.is(command.setting)) return { rejected: 'not a valid slide show setting' };
      return [{ type: 'slideShow/configured', setting: command.setting }, ...(state.running ? [{ type: 'slideShow/started' as const, setting: command.setting }] : [])];
    }
    default:
      break;
  }
  if (!state.running || state.count === 0) return [];
  switch (command.type) {
    case 'slideShow/next':
      return [{ type: 'slideShow/moved', index: (state.index + 1) % state.count }];
    case 'slideShow/previous':
      return [{ type: 'slideShow/moved', index: (state.index - 1 + state.count) % state.count }];
    case 'slideShow/goTo':
      return Number.isInteger(command.index) && command.index >= 0 && command.index < state.count ? [{ type: 'slideShow/moved', index: command.index }] : { rejected: 'no such slide' };
    case 'slideShow/pause':
      return state.playing ? [{ type: 'slideShow/paused' }] : [];
    case 'slideShow/play':
      return state.playing ? [] : [{ type: 'slideShow/resumed' }];
    case 'slideShow/leave':
      return [{ type: 'slideShow/left' }];
  }
};
