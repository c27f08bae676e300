import { act } from 'react';
import type { AppEvent } from '../../../domain/app/events';
import type { RenderedApp } from '../../support/renderApp';

let delivered = 0;

/** Delivers an effect's answer to the store the way any event arrives. */
export const deliver = async (app: RenderedApp, body: AppEvent): Promise<void> => {
  delivered += 1;
  await act(async () =>
    app.store.receiveRemote({ id: `effect-${delivered}`, seq: 1, at: 0, tabId: 'effects', origin: 'local', actor: null, viewAs: null, v: 1, body }),
  );
};

/** The bodies of the log entries of one type: what the store recorded, not what was asked. */
export const logged = (app: RenderedApp, type: string) =>
  app.store.getLifted().entries.map((entry) => entry.body as { type: string } & Record<string, unknown>).filter((body) => body.type === type);

export const commandsOf = (app: RenderedApp, type: string) => app.commands.filter((c) => c.type === type);

/** The commands that sent one action (a form of the account, a button). */
export const submitsOf = (app: RenderedApp, action: string) => app.commands.filter((c) => c.type === 'action/submit' && c.action === action);

export const buttonNamed = (app: RenderedApp, name: string): HTMLButtonElement => {
  const button = [...app.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!button) throw new Error(`no button ${name}`);
  return button;
};

export const press = async (button: HTMLElement): Promise<void> => {
  await act(async () => {
    button.click();
  });
};

/** Picks an option of a react-aria Select through the native select it keeps for forms. */
export const chooseOption = async (app: RenderedApp, name: string, value: string): Promise<void> => {
  const select = app.container.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  if (!select) throw new Error(`no select ${name}`);
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

export const text = (app: RenderedApp) => app.container.textContent ?? '';
