import type { AppEvent } from '../app/events';
import { initialAiExport, type AiExportState } from './events';

export const aiExportReducer = (state: AiExportState = initialAiExport, event: AppEvent): AiExportState => {
  switch (event.type) {
    case 'aiExport/asked':
      return { status: 'asking', prompt: event.prompt, downloading: false };
    case 'aiExport/answered':
      return event.answer.status === 'understood'
        ? { ...state, status: 'understood', understanding: { source: event.answer.source, description: event.answer.description, notes: event.answer.notes, questions: event.answer.questions ?? [], corrected: false } }
        : { ...state, status: 'refused', refusal: { reason: event.answer.reason, message: event.answer.message } };
    case 'aiExport/failed':
      return { ...state, status: 'failed', failure: event.message };
    case 'aiExport/corrected': {
      if (state.understanding === undefined) return state;
      const { download: _done, ...rest } = state;
      return { ...rest, understanding: { ...state.understanding, description: event.description, corrected: true } };
    }
    case 'aiExport/downloadRequested': {
      const { download: _done, ...rest } = state;
      return { ...rest, downloading: true };
    }
    case 'aiExport/downloaded':
      return { ...state, downloading: false, download: { kind: 'done', fileNames: event.fileNames } };
    case 'aiExport/downloadFailed':
      return { ...state, downloading: false, download: { kind: 'failed', message: event.message } };
    case 'aiExport/cleared':
    case 'session/signedOut':
      return initialAiExport;
    default:
      return state;
  }
};
