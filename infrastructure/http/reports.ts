import { Subject } from 'rxjs';
import type { AppEvent } from '../../domain/app/events';
import type { Effect } from '../bus/types';

export interface HttpReports {
  /** Handed to the client as `report`: what a call learned about the session or the network. */
  report(event: AppEvent): void;
  /** Brings the reported events onto the bus, where they are logged and folded. */
  readonly effect: Effect<unknown>;
}

/**
 * The client is created before the store (the store's effects need the client), so it cannot
 * dispatch; it reports into a subject that an effect merges into the bus instead.
 */
export const createHttpReports = (): HttpReports => {
  const reported = new Subject<AppEvent>();
  return {
    report: (event) => reported.next(event),
    effect: () => reported.asObservable(),
  };
};
