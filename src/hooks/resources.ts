import { useCallback, useEffect, useMemo } from 'react';
import type { AppState } from '../../domain/app/state';
import { actionOf, sectionOf, type ActionState, type SectionStatus } from '../../domain/resources/state';
import type { ResourceArgs } from '../../domain/resources/commands';
import type { SectionData, SectionName } from '../../domain/resources/sections';
import type { ActionBody, ActionData, ActionName } from '../../domain/resources/actions';
import { useDispatch, useSelector } from './runtime';

export interface Section<D> {
  readonly status: SectionStatus;
  readonly data: D | null;
  readonly message: string | null;
}

const NO_ARGS: ResourceArgs = {};

/**
 * A data section, loaded when the component mounts and when its args change. `reloadPage` is
 * the page whose Refresh loads it again; that, a new filter selection and a switch of the viewed
 * group are follow-ups of the reload effect (infrastructure/resources/reloads.effects.ts).
 * `load: false` only reads it: for a second view of a section another component on the same
 * page loads, so that it is requested once. The data was decoded once, with the endpoint's
 * codec, by the effect that loaded it (or by the log's codec, for a replayed log), and is read
 * as it is stored.
 */
export const useSection = <K extends SectionName>(name: K, args: ResourceArgs = NO_ARGS, reloadPage?: string, load = true): Section<SectionData<K>> => {
  const dispatch = useDispatch();
  const argsKey = JSON.stringify(args);
  useEffect(() => {
    if (load) dispatch({ type: 'resource/load', name, args: JSON.parse(argsKey) as ResourceArgs, ...(reloadPage === undefined ? {} : { page: reloadPage }) });
  }, [dispatch, name, argsKey, reloadPage, load]);
  const section = useSelector((s: AppState) => sectionOf(s.resources, name));
  return useMemo(() => ({ status: section.status, data: section.data, message: section.message }), [section]);
};

export interface Action<K extends ActionName> {
  /** The outcome; on success its data is what the action's endpoint decoded, typed by its name. */
  readonly state: ActionState<ActionData<K>>;
  submit(body: ActionBody<K>, args?: ResourceArgs): void;
  clear(): void;
}

/** An action's outcome and the way to send it; its outcome is cleared when the component goes away. */
export const useAction = <K extends ActionName>(name: K, { clearOnLeave = true }: { clearOnLeave?: boolean } = {}): Action<K> => {
  const dispatch = useDispatch();
  const state = useSelector((s: AppState) => actionOf(s.resources, name));
  const submit = useCallback(
    (body: ActionBody<K>, args: ResourceArgs = NO_ARGS) => dispatch({ type: 'action/submit', action: name, body, args }),
    [dispatch, name],
  );
  const clear = useCallback(() => dispatch({ type: 'action/clear', action: name }), [dispatch, name]);
  useEffect(() => (clearOnLeave ? clear : undefined), [clear, clearOnLeave]);
  return { state, submit, clear };
};
