import type { AppEvent } from '../app/events';
import { initialSlideShow, slidesOf, type SlideShowState } from './slides';

export const slideShowReducer = (state: SlideShowState = initialSlideShow, event: AppEvent): SlideShowState => {
  switch (event.type) {
    case 'slideShow/started':
      return { running: true, setting: event.setting, playing: true, index: 0, count: slidesOf(event.setting).length, moves: state.moves + 1 };
    case 'slideShow/configured':
      return { ...state, setting: event.setting };
    case 'slideShow/moved':
      return { ...state, index: event.index, moves: state.moves + 1 };
    case 'slideShow/advanced':
      return state.running && state.playing && state.count > 0 ? { ...state, index: (state.index + 1) % state.count, moves: state.moves + 1 } : state;
    case 'slideShow/paused':
      return { ...state, playing: false };
    case 'slideShow/resumed':
      return { ...state, playing: true, moves: state.moves + 1 };
    case 'slideShow/left':
    case 'session/signedOut':
      return initialSlideShow;
    default:
      return state;
  }
};
