import * as t from 'io-ts';
import { message } from '../kernel/message';

/** A command the application refused; the log keeps it so the story is whole. */
export const commandRejected = message('bus/commandRejected', { command: t.string, reason: t.string });
