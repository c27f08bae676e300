import { statsMessages } from '../contracts/stats';
import { SurveyMessages } from '../contracts/survey';
import { TokenMessages } from '../contracts/tokens';

/** A catalogue key with the values its placeholders take. */
export interface MessageRef {
  readonly key: string;
  readonly values?: Readonly<Record<string, number>>;
}

/** A sentence of the server that carries a number, read back from the contract's own wording. */
interface CountedSentence {
  readonly before: string;
  readonly after: string;
  readonly key: string;
}

const SENTINEL = 918_273_645;

const counted = (sentence: (n: number) => string, key: string): CountedSentence => {
  const text = sentence(SENTINEL);
  const at = text.indexOf(String(SENTINEL));
  return { before: text.slice(0, at), after: text.slice(at + String(SENTINEL).length), key };
};

const COUNTED: readonly CountedSentence[] = [
  counted(statsMessages.needsAtLeast, 'server_needs_at_least'),
  counted(SurveyMessages.questionErrors, 'server_question_errors'),
  counted(TokenMessages.usageLeftOutOfRange, 'server_seats_left_range'),
];

/**
 * The server answers in English (SPEC section 8: the envelope's `message`). The client shows
 * such a sentence in the page's language: a sentence that is the English text of a catalogue
 * key is that key ('This survey link has no seats left.' is server_link_no_seats), and a
 * sentence with a number ('It needs at least 5 answers.') is its plural key with that count.
 * Anything else answers undefined and is shown as it came.
 */
export const serverMessageReader = (english: Readonly<Record<string, string>>): ((message: string) => MessageRef | undefined) => {
  const keyOf = new Map<string, string>();
  for (const [key, text] of Object.entries(english)) if (!keyOf.has(text)) keyOf.set(text, key);
  return (message) => {
    const key = keyOf.get(message);
    if (key !== undefined) return { key };
    for (const sentence of COUNTED) {
      if (message.length <= sentence.before.length + sentence.after.length) continue;
      if (!message.startsWith(sentence.before) || !message.endsWith(sentence.after)) continue;
      const middle = message.slice(sentence.before.length, message.length - sentence.after.length);
      if (/^\d{1,9}$/.test(middle)) return { key: sentence.key, values: { count: Number(middle) } };
    }
    return undefined;
  };
};
