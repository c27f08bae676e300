import * as t from 'io-ts';
import { EXPORT_CARDS, EXPORT_PAGES, type ExportPage, ExportPage as ExportPageCodec } from '../contracts/exports';
import type { MessageKey } from '../i18n/en';
import { emptyMessage, message } from '../kernel/message';

/**
 * The slide show (issue 17): the dashboards shown card after card on a conference screen.
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

const SettingShape = t.strict({ pages: t.array(ExportPageCodec), interval: SlideInterval });
type SettingShape = t.TypeOf<typeof SettingShape>;

const validateSetting = (value: unknown, context: t.Context): t.Validation<SettingShape> => {
  const shape = SettingShape.validate(value, context);
  if (shape._tag === 'Left') return shape;
  const { pages } = shape.right;
  return pages.length > 0 && new Set(pages).size === pages.length ? shape : t.failure(value, context, 'Choose each page at most once, and at least one.');
};

/** The person's slide show: chosen pages in their order (each once, at least one), seconds per slide. */
export const SlideShowSetting = new t.Type<SettingShape, SettingShape, unknown>(
  'SlideShowSetting',
  (value): value is SettingShape => validateSetting(value, [])._tag === 'Right',
  validateSetting,
  (value) => SettingShape.encode(value),
);
export type SlideShowSetting = t.TypeOf<typeof SlideShowSetting>;

export const DEFAULT_SLIDE_SHOW: SlideShowSetting = { pages: [...EXPORT_PAGES], interval: DEFAULT_SLIDE_INTERVAL };

export interface Slide {
  readonly page: ExportPage;
  /** The card's statistics endpoint path, e.g. 'overview/row-one'. */
  readonly card: string;
  readonly title: MessageKey;
}

/** Every card of the chosen pages, page by page in the chosen order, cards in the page's order. */
export const slidesOf = (setting: SlideShowSetting): Slide[] =>
  setting.pages.flatMap((page) => EXPORT_CARDS[page].map((card) => ({ page, card: card.key, title: card.title })));

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
