// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '../../domain/app/state';
import type { LatestParticipation } from '../../domain/contracts/homeParticipation';
import { enFirstLoad } from '../../domain/i18n/en.firstLoad';
import { idleSection, initialResources, type SectionState } from '../../domain/resources/state';
import { ParticipationCard } from '../../src/features/dashboards/ParticipationCard';
import { renderApp, type RenderedApp, unmountRenderedApps } from '../support/renderApp';

let app: RenderedApp | undefined;
afterEach(unmountRenderedApps);

const PAGE = '/test/home-participation';

const latest = (answered: number | null): LatestParticipation => ({
  campaign: { id: 'c1', name: 'Spring survey' },
  participation: {
    campaign_id: 'c1',
    anonymity: 1,
    total: { invited: 500, answered, reminded: 380, bounced: 3, unsubscribed: 1 },
    groups: [],
    by_day: [],
    threshold: 5,
  },
});

const render = (section: SectionState<LatestParticipation>) => {
  const state: Partial<AppState> = {
    session: { ...initialAppState.session, signedIn: true, checked: true },
    resources: { ...initialResources, sections: { latestParticipation: section } },
  };
  // The dashboards' first load only: the card brings its own English.
  return renderApp(PAGE, state, [{ path: PAGE, element: <ParticipationCard page="home" /> }], enFirstLoad);
};

const card = () => document.querySelector('[data-testid="home-participation"]');

describe('home’s participation card', () => {
  it('shows the latest campaign’s invited, released answered and share, and asks for its section', async () => {
    app = await render({ ...idleSection, status: 'loaded', data: latest(103) });
    expect(card()).not.toBeNull();
    const text = card()!.textContent ?? '';
    expect(text).toContain('Participation');
    expect(text).toContain('Latest campaign: Spring survey');
    expect(text).toContain('500');
    expect(text).toContain('103');
    expect(text).toContain('20.6%');
    expect(app.commands).toContainEqual(expect.objectContaining({ type: 'resource/load', name: 'latestParticipation' }));
  });

  it('says a hidden answered figure is below the threshold and shows no share', async () => {
    app = await render({ ...idleSection, status: 'loaded', data: latest(null) });
    const text = card()!.textContent ?? '';
    expect(text).toContain('Fewer than 5: not shown');
    expect(text).not.toContain('%');
  });

  it('is absent when there is no campaign (the section is empty) or while it loads', async () => {
    app = await render({ ...idleSection, status: 'empty', message: null });
    expect(card()).toBeNull();
    app.unmount();
    app = await render({ ...idleSection, status: 'pending' });
    expect(card()).toBeNull();
  });
});
