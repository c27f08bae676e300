// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { User } from '../../domain/contracts/auth';
import type { OidcSettings } from '../../domain/contracts/sso';
import { idleSection, initialResources, type SectionState } from '../../domain/resources/state';
import { OrganizationSettingsPage } from '../../src/features/organization/OrganizationSettingsPage';
import { inputLabelled, renderApp, type RenderedApp, submit, typeInto, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/organization-settings';

const person = (role: User['role']): User => ({
  id: 'u1', email: 'ada@engines.test', first_name: 'Ada', last_name: 'Lovelace', role, organization_id: 'o1',
  locale_id: null, two_factor: 'totp', setting: { banners: {} },
});

const settings: OidcSettings = {
  configured: true, preset: 'entra', issuer_url: 'https://login.microsoftonline.com/tenant-1/v2.0', client_id: 'client-1',
  has_client_secret: true, sso_required: false, jit_allowed: false, jit_role: 'staff', redirect_uri: 'https://app.example/sso/oidc/callback',
  domains: [
    { id: 'd1', domain: 'engines.test', method: 'dns', verified: true, dns_record: null },
    { id: 'd2', domain: 'labs.engines.test', method: 'dns', verified: false, dns_record: 'commonweave-sso-verification=abc' },
  ],
};

const loaded = <D,>(data: D): SectionState<D> => ({ ...idleSection, status: 'loaded', data });

const signedIn = (role: User['role']): Partial<AppState> => ({
  session: { ...initialAppState.session, signedIn: true, checked: true, user: person(role), userEmail: 'ada@engines.test' },
  resources: { ...initialResources, sections: { ssoSettings: loaded(settings) } },
});

describe('sign in with your organisation (page)', () => {
  it('is reached from the sign-in page, checks the email, then dispatches one command', async () => {
    app = await renderApp('/login');
    const link = [...app.container.querySelectorAll('a')].find((a) => a.textContent === 'Sign in with your organisation');
    expect(link?.getAttribute('href')).toBe('/sso/organization');
    app.unmount();

    app = await renderApp('/sso/organization');
    expect(app.container.querySelector('h1')?.textContent).toBe('Sign in with your organisation');
    await typeInto(inputLabelled(app.container, 'Work email'), 'not-an-email');
    await submit(app.container.querySelector('form')!);
    expect(app.commands.filter((c) => c.type === 'session/startOrganizationSso')).toEqual([]);
    await typeInto(inputLabelled(app.container, 'Work email'), 'ada@engines.test');
    await submit(app.container.querySelector('form')!);
    expect(app.commands.filter((c) => c.type === 'session/startOrganizationSso')).toEqual([
      { type: 'session/startOrganizationSso', email: 'ada@engines.test', returnTo: '' },
    ]);
  });

  it('posts what the provider sent back once, and says so when it sent nothing', async () => {
    app = await renderApp('/sso/oidc/callback?code=c1&state=s1&iss=https%3A%2F%2Fidp.example');
    expect(app.commands.filter((c) => c.type === 'session/finishOrganizationSso')).toEqual([
      { type: 'session/finishOrganizationSso', code: 'c1', state: 's1', iss: 'https://idp.example' },
    ]);
    app.unmount();
    app = await renderApp('/sso/oidc/callback?error=access_denied');
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('The sign-in with your organisation was cancelled or did not finish. Please try again.');
    expect(app.commands.filter((c) => c.type === 'session/finishOrganizationSso')).toEqual([]);
  });

  it('posts the RelayState the server sent back after the SAML identity provider, once', async () => {
    app = await renderApp('/sso/saml/callback?relay_state=r1');
    expect(app.commands.filter((c) => c.type === 'session/finishOrganizationSaml')).toEqual([{ type: 'session/finishOrganizationSaml', relayState: 'r1' }]);
    expect(app.commands.filter((c) => c.type === 'session/finishOrganizationSso')).toEqual([]);
    app.unmount();
    app = await renderApp('/sso/saml/callback');
    expect(app.container.querySelector('[role="alert"]')?.textContent).toBe('The sign-in with your organisation was cancelled or did not finish. Please try again.');
    expect(app.commands.filter((c) => c.type === 'session/finishOrganizationSaml')).toEqual([]);
  });
});

describe('Organisation settings → Single sign-on', () => {
  it('shows the administrator the provider, the redirect URI and the domains, never the secret, and saves through one command', async () => {
    app = await renderApp(PAGE, signedIn('admin'), [{ path: PAGE, element: <OrganizationSettingsPage /> }]);
    const card = app.container.querySelector<HTMLElement>('section[aria-labelledby="sso-settings-heading"]')!;
    expect(card).not.toBeNull();
    expect(card.textContent).toContain('https://app.example/sso/oidc/callback');
    expect(card.textContent).toContain('A secret is stored. Leave this empty to keep it.');
    expect(card.textContent).toContain('commonweave-sso-verification=abc');
    expect(inputLabelled(card, 'Client secret').value).toBe('');
    await typeInto(inputLabelled(card, 'Client ID'), 'client-2');
    await submit(card.querySelector<HTMLFormElement>('form[aria-labelledby="sso-provider-heading"]')!);
    expect(app.commands.filter((c) => c.type === 'action/submit')).toEqual([
      {
        type: 'action/submit',
        action: 'saveSsoSettings',
        args: {},
        body: {
          preset: 'entra', issuer_url: settings.issuer_url, client_id: 'client-2', client_secret: undefined,
          sso_required: false, jit_allowed: false, jit_role: 'staff',
        },
      },
    ]);
  });

  it('shows the SAML kind once chosen: the metadata fields, what to register and the metadata to download; saves through one command', async () => {
    const saml = {
      active: true, idp_metadata_url: 'https://idp.example/metadata', idp_entity_id: 'https://idp.example/entity', idp_sso_url: 'https://idp.example/sso',
      sso_required: false, jit_allowed: false, jit_role: 'staff' as const,
      sp_entity_id: 'https://app.example/api/sso/saml/metadata', acs_url: 'https://app.example/api/sso/saml/acs',
    };
    const state = signedIn('admin');
    app = await renderApp(
      PAGE,
      { ...state, resources: { ...state.resources!, sections: { ssoSettings: loaded(settings), samlSettings: loaded(saml), samlSpMetadata: loaded({ filename: 'sp.xml', xml: '<EntityDescriptor/>' }) } } },
      [{ path: PAGE, element: <OrganizationSettingsPage /> }],
    );
    const card = app.container.querySelector<HTMLElement>('section[aria-labelledby="sso-settings-heading"]')!;
    expect(card.querySelector('form[aria-labelledby="sso-provider-heading"]')).toBeNull();
    expect(card.textContent).toContain('https://app.example/api/sso/saml/acs');
    expect(card.textContent).toContain('https://idp.example/entity');
    const download = [...card.querySelectorAll('a')].find((link) => link.textContent === 'Download the service provider metadata');
    expect(download?.getAttribute('download')).toBe('sp.xml');
    expect(decodeURIComponent(download!.getAttribute('href')!)).toContain('<EntityDescriptor/>');
    expect(inputLabelled(card, "Address of the identity provider's metadata").value).toBe('https://idp.example/metadata');
    await submit(card.querySelector<HTMLFormElement>('form[aria-labelledby="sso-saml-heading"]')!);
    expect(app.commands.filter((c) => c.type === 'action/submit')).toEqual([
      {
        type: 'action/submit',
        action: 'saveSamlSettings',
        args: {},
        body: { idp_metadata: undefined, idp_metadata_url: 'https://idp.example/metadata', sso_required: false, jit_allowed: false, jit_role: 'staff' },
      },
    ]);
  });

  it('maps the provider\'s group values to groups once a provider is set, and saves the list in order through one command', async () => {
    const groups = {
      claim_name: 'groups',
      mappings: [{ claim_value: 'weavers', group_id: 'g2' }],
      groups: [{ id: 'g1', name: 'Dyeing' }, { id: 'g2', name: 'Weaving' }],
    };
    const state = signedIn('admin');
    app = await renderApp(
      PAGE,
      { ...state, resources: { ...state.resources!, sections: { ssoSettings: loaded(settings), ssoGroups: loaded(groups) } } },
      [{ path: PAGE, element: <OrganizationSettingsPage /> }],
    );
    const form = app.container.querySelector<HTMLFormElement>('form[aria-labelledby="sso-groups-heading"]')!;
    expect(form).not.toBeNull();
    expect(inputLabelled(form, 'Value sent by the provider').value).toBe('weavers');
    expect(form.textContent).toContain('Weaving');
    await typeInto(inputLabelled(form, 'Name of the claim or attribute'), 'memberOf');
    const add = [...form.querySelectorAll('button')].find((button) => button.textContent === 'Add a mapping')!;
    await act(async () => add.click());
    const values = [...form.querySelectorAll<HTMLInputElement>('input[name$=".claim_value"]')];
    expect(values.map((input) => input.name)).toEqual(['mappings.0.claim_value', 'mappings.1.claim_value']);
    await typeInto(values[1]!, ' dyers ');
    await submit(form);
    expect(app.commands.filter((c) => c.type === 'action/submit')).toEqual([
      {
        type: 'action/submit',
        action: 'saveSsoGroups',
        args: {},
        body: { claim_name: 'memberOf', mappings: [{ claim_value: 'weavers', group_id: 'g2' }, { claim_value: 'dyers', group_id: 'g1' }] },
      },
    ]);
  });

  it('has no group mappings before a provider is set', async () => {
    const state = signedIn('admin');
    const groups = { claim_name: 'groups', mappings: [], groups: [] };
    app = await renderApp(
      PAGE,
      { ...state, resources: { ...state.resources!, sections: { ssoSettings: loaded({ ...settings, configured: false }), ssoGroups: loaded(groups) } } },
      [{ path: PAGE, element: <OrganizationSettingsPage /> }],
    );
    expect(app.container.querySelector('section[aria-labelledby="sso-settings-heading"]')).not.toBeNull();
    expect(app.container.querySelector('form[aria-labelledby="sso-groups-heading"]')).toBeNull();
  });

  it('is not shown to a second administrator', async () => {
    app = await renderApp(PAGE, signedIn('second_admin'), [{ path: PAGE, element: <OrganizationSettingsPage /> }]);
    expect(app.container.querySelector('section[aria-labelledby="sso-settings-heading"]')).toBeNull();
  });
});
