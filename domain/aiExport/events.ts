import * as t from 'io-ts';
import { AI_PROMPT_MAX, AiExportAnswer, AiNote, type AiQuestion, AiRefusal, AiSource, ExportDescription, aiExportMessages } from '../contracts/aiExport';
import type { Filters } from '../filters/model';
import { emptyMessage, message } from '../kernel/message';

/**
 * The AI export on the Reports page (issue 17): ask in plain words, see what was understood,
 * correct it, download. The reading is the server's (GET /general/ai/export); the files come
 * from the dashboard export (POST /general/export-excel), one after the other.
 */

export const aiExportCommands = {
  ask: message('aiExport/ask', { prompt: t.string }),
  /** The person's correction of what was understood: the whole corrected description. */
  correct: message('aiExport/correct', { description: t.unknown }),
  download: emptyMessage('aiExport/download'),
  reset: emptyMessage('aiExport/reset'),
};
export const AiExportCommand = t.union([aiExportCommands.ask, aiExportCommands.correct, aiExportCommands.download, aiExportCommands.reset]);
export type AiExportCommand = t.TypeOf<typeof AiExportCommand>;

export const aiExportEvents = {
  asked: message('aiExport/asked', { prompt: t.string, dateTag: t.union([t.string, t.null]) }),
  answered: message('aiExport/answered', { answer: AiExportAnswer }),
  failed: message('aiExport/failed', { message: t.string }),
  corrected: message('aiExport/corrected', { description: ExportDescription }),
  downloadRequested: message('aiExport/downloadRequested', { description: ExportDescription }),
  downloaded: message('aiExport/downloaded', { fileNames: t.array(t.string) }),
  downloadFailed: message('aiExport/downloadFailed', { message: t.string }),
  cleared: emptyMessage('aiExport/cleared'),
};
export const AiExportEvent = t.union([
  aiExportEvents.asked,
  aiExportEvents.answered,
  aiExportEvents.failed,
  aiExportEvents.corrected,
  aiExportEvents.downloadRequested,
  aiExportEvents.downloaded,
  aiExportEvents.downloadFailed,
  aiExportEvents.cleared,
]);
export type AiExportEvent = t.TypeOf<typeof AiExportEvent>;

export interface AiUnderstanding {
  readonly source: AiSource;
  readonly description: ExportDescription;
  readonly notes: readonly AiNote[];
  /** What the reading asks back, with its closest reading in `description` (issue 27). */
  readonly questions: readonly AiQuestion[];
  /** The person changed something since it was read. */
  readonly corrected: boolean;
}

export interface AiExportState {
  readonly status: 'idle' | 'asking' | 'understood' | 'refused' | 'failed';
  readonly prompt: string;
  readonly understanding?: AiUnderstanding;
  readonly refusal?: { readonly reason: AiRefusal; readonly message: string };
  /** The request could not be made (network, session): the sentence to show. */
  readonly failure?: string;
  readonly downloading: boolean;
  readonly download?: { readonly kind: 'done'; readonly fileNames: readonly string[] } | { readonly kind: 'failed'; readonly message: string };
}

export const initialAiExport: AiExportState = { status: 'idle', prompt: '', downloading: false };

const refusedHere = (reason: AiRefusal): AiExportEvent => ({ type: 'aiExport/answered', answer: { status: 'refused', reason, message: aiExportMessages[reason] } });

/** An empty or too long prompt is answered here, without a request (a 10,000-character address helps nobody). */
export const decideAiExport = (state: AiExportState, command: AiExportCommand, filters: Filters): AiExportEvent[] | { readonly rejected: string } => {
  switch (command.type) {
    case 'aiExport/ask': {
      if (state.status === 'asking') return [];
      const asked: AiExportEvent = { type: 'aiExport/asked', prompt: command.prompt, dateTag: filters['date-tag'] ?? null };
      if (command.prompt.trim() === '') return [asked, refusedHere('empty')];
      if ([...command.prompt].length > AI_PROMPT_MAX) return [asked, refusedHere('too_long')];
      return [asked];
    }
    case 'aiExport/correct':
      if (state.understanding === undefined || state.downloading) return { rejected: 'nothing to correct' };
      return ExportDescription.is(command.description) ? [{ type: 'aiExport/corrected', description: command.description }] : { rejected: 'not a valid export description' };
    case 'aiExport/download':
      if (state.understanding === undefined || state.downloading) return [];
      return [{ type: 'aiExport/downloadRequested', description: state.understanding.description }];
    case 'aiExport/reset':
      return state.status === 'idle' ? [] : [{ type: 'aiExport/cleared' }];
  }
};
