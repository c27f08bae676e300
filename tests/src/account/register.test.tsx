// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { inputLabelled, renderApp, submit, typeInto, type RenderedApp } from '../../support/renderApp';
import { buttonNamed, chooseOption, commandsOf, deliver, logged, press, submitsOf, text } from './support';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const form = (a: RenderedApp) => a.container.querySelector('form')!;
const activeStep = (a: RenderedApp) => a.container.querySelector('[aria-current="step"]')?.textContent;

const fillOrganisation = async (a: RenderedApp) => {
  await typeInto(inputLabelled(a.container, 'Organisation name'), 'Harbour School');
  await chooseOption(a, 'country', 'AU');
  await submit(form(a));
};

const fillAdministrator = async (a: RenderedApp) => {
  await typeInto(inputLabelled(a.container, 'First name'), 'Ada');
  await typeInto(inputLabelled(a.container, 'Last name'), 'Lovelace');
  await typeInto(inputLabelled(a.container, 'Email'), 'ada@example.org');
  await submit(form(a));
};

describe('head registration wizard', () => {
  it('starts a three-tab wizard and checks the organisation tab before moving on', async () => {
    app = await renderApp('/head-register');
    expect(app.store.getState().wizard).toMatchObject({ name: 'head-register', length: 2, active: 0 });
    expect(activeStep(app)).toContain('Organisation');
    expect(() => buttonNamed(app!, 'Previous')).toThrow();

    await submit(form(app));
    expect(text(app)).toContain('The organisation name is required.');
    expect(text(app)).toContain('The country is required.');
    expect(commandsOf(app, 'wizard/next')).toHaveLength(0);
    expect(app.store.getState().wizard.active).toBe(0);
    expect(document.activeElement).toBe(inputLabelled(app.container, 'Organisation name'));
    // Once shown, a message follows the typing rather than waiting for the field to lose focus.
    await typeInto(inputLabelled(app.container, 'Organisation name'), 'H');
    expect(text(app)).not.toContain('The organisation name is required.');

    await fillOrganisation(app);
    expect(commandsOf(app, 'wizard/saveTab').at(-1)).toEqual({ type: 'wizard/saveTab', index: 0, data: { organization_name: 'Harbour School', country: 'AU' } });
    expect(app.store.getState().wizard.active).toBe(1);
    expect(activeStep(app)).toContain('Administrator');
  });

  it('checks the email, keeps the index within bounds and restores values going back', async () => {
    app = await renderApp('/head-register');
    await fillOrganisation(app);
    await typeInto(inputLabelled(app.container, 'First name'), 'Ada');
    await typeInto(inputLabelled(app.container, 'Last name'), 'Lovelace');
    await typeInto(inputLabelled(app.container, 'Email'), 'ada@example');
    await submit(form(app));
    expect(text(app)).toContain('Please provide a valid email.');
    expect(app.store.getState().wizard.active).toBe(1);

    await typeInto(inputLabelled(app.container, 'Email'), 'ada@example.org');
    await submit(form(app));
    expect(app.store.getState().wizard.active).toBe(2);
    expect(buttonNamed(app, 'Register')).toBeTruthy();
    // Past the last tab the wizard stays on it.
    await act(async () => app!.store.dispatch({ type: 'wizard/next' }));
    expect(app.store.getState().wizard.active).toBe(2);

    await press(buttonNamed(app, 'Previous'));
    expect(app.store.getState().wizard.active).toBe(1);
    expect(inputLabelled(app.container, 'First name').value).toBe('Ada');
    await press(buttonNamed(app, 'Previous'));
    expect(app.store.getState().wizard.active).toBe(0);
    expect(inputLabelled(app.container, 'Organisation name').value).toBe('Harbour School');
    await act(async () => app!.store.dispatch({ type: 'wizard/previous' }));
    expect(app.store.getState().wizard.active).toBe(0);
  });

  it('restores saved tabs when the page is opened again', async () => {
    app = await renderApp('/head-register', {
      wizard: { name: 'head-register', length: 2, active: 1, saved: { 0: { organization_name: 'Harbour School', country: 'AU' }, 1: { first_name: 'Ada' } } },
    });
    expect(inputLabelled(app.container, 'First name').value).toBe('Ada');
    await press(buttonNamed(app, 'Previous'));
    expect(inputLabelled(app.container, 'Organisation name').value).toBe('Harbour School');
  });

  it('checks the password, its confirmation and the agreement, then sends the whole body once', async () => {
    app = await renderApp('/head-register');
    await fillOrganisation(app);
    await fillAdministrator(app);
    expect(activeStep(app)).toContain('Password and agreement');

    await typeInto(inputLabelled(app.container, 'Password'), 'weak');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'other');
    await submit(form(app));
    expect(text(app)).toContain('Please provide a valid password.');
    expect(text(app)).toContain('The password confirmation does not match.');
    expect(text(app)).toContain('You must agree before you continue.');
    expect(text(app)).toContain('At least 8 characters');
    expect(submitsOf(app, 'register')).toHaveLength(0);

    await typeInto(inputLabelled(app.container, 'Password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await press(app.container.querySelector('input[name="agree"]')!);
    await submit(form(app));

    expect(submitsOf(app, 'register')).toEqual([
      {
        type: 'action/submit',
        action: 'register',
        args: {},
        body: {
          organization_name: 'Harbour School', country: 'AU', industry: null, first_name: 'Ada', last_name: 'Lovelace',
          email: 'ada@example.org', password: 'Sturdy-Pass-42', password_confirmation: 'Sturdy-Pass-42', agree: true,
        },
      },
    ]);
    expect(logged(app, 'action/submitted')).toEqual([{ type: 'action/submitted', action: 'register' }]);
    expect(buttonNamed(app, 'Register').disabled).toBe(true);
    // No secret reached the saved tabs.
    expect(JSON.stringify(app.store.getLifted().entries.filter((e) => e.body.type === 'wizard/tabSaved'))).not.toContain('Sturdy');
  });

  it('takes the person to the tab of a field the server refused, with its message there', async () => {
    app = await renderApp('/head-register');
    await fillOrganisation(app);
    await fillAdministrator(app);
    await typeInto(inputLabelled(app.container, 'Password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await press(app.container.querySelector('input[name="agree"]')!);
    await submit(form(app));
    await deliver(app, { type: 'action/failed', action: 'register', message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    expect(app.store.getState().wizard.active).toBe(1);
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('The email has already been taken.');
    const email = inputLabelled(app.container, 'Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.closest('.field')?.textContent).toContain('The email has already been taken.');
    await typeInto(email, 'grace@example.org');
    expect(email.closest('.field')?.textContent).not.toContain('The email has already been taken.');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('on success clears the wizard and shows the success page with the email', async () => {
    app = await renderApp('/head-register');
    await fillOrganisation(app);
    await fillAdministrator(app);
    await typeInto(inputLabelled(app.container, 'Password'), 'Sturdy-Pass-42');
    await typeInto(inputLabelled(app.container, 'Confirm password'), 'Sturdy-Pass-42');
    await press(app.container.querySelector('input[name="agree"]')!);
    await submit(form(app));
    await deliver(app, { type: 'account/registered', email: 'ada@example.org' });
    await deliver(app, { type: 'action/succeeded', action: 'register', message: null, data: { email: 'ada@example.org' } });
    expect(app.router.state.location.pathname).toBe('/head-register/success');
    expect(app.store.getState().wizard.name).toBeNull();
    expect(text(app)).toContain('You can now log in with ada@example.org.');
    expect(app.container.querySelector('a[href="/login"]')).not.toBeNull();
  });
});
