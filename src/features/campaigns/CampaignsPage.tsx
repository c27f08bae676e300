import { useCallback, useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import type { Campaign } from '../../../domain/contracts/campaigns';
import type { AppState } from '../../../domain/app/state';
import { useAction, useSection } from '../../hooks/resources';
import { useSelector } from '../../hooks/runtime';
import { useTranslation } from '../../hooks/translation';
import { FormAlert } from '../forms/formParts';
import { ListState } from '../../components/ListState';
import { CampaignCard, type CampaignCommand } from './CampaignCard';
import { CampaignForm } from './CampaignForm';
import { ParticipationPanel } from './ParticipationPanel';

const CAMPAIGN_ROLES: readonly string[] = ['admin', 'second_admin'];
const selectRole = (s: AppState) => s.session.user?.role ?? null;

/** Which form is open: none, a new campaign, or one campaign's changes. */
type Editing = { readonly kind: 'none' } | { readonly kind: 'new' } | { readonly kind: 'edit'; readonly id: string };

/**
 * Coordinator → Campaigns (issue 29): the campaigns with their mails, the form that creates or
 * changes one, the pause, resume and cancel buttons, and a campaign's participation. Each
 * change is an action (domain/resources/actions/campaigns.ts); this screen only dispatches and reads.
 */
export const CampaignsPage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const role = useSelector(selectRole);
  if (role !== null && !CAMPAIGN_ROLES.includes(role)) return <p className="card">{t('campaigns_only_admins')}</p>;
  return <Campaigns page={page} />;
};

const Campaigns = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const list = useSection('campaigns', {}, page);
  const pause = useAction('pauseCampaign');
  const resume = useAction('resumeCampaign');
  const cancel = useAction('cancelCampaign');
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [watching, setWatching] = useState<string | null>(null);
  // What went through, translated as it is drawn, so that it follows a change of language.
  const [done, setDone] = useState<{ key: string; name: string } | null>(null);
  const [lastCommand, setLastCommand] = useState<{ command: CampaignCommand; id: string } | null>(null);
  const campaigns = list.data?.campaigns ?? [];
  const byId = (id: string | null) => campaigns.find((campaign) => campaign.id === id) ?? null;
  const commandState = lastCommand === null ? null : { pause, resume, cancel }[lastCommand.command].state;

  useEffect(() => {
    if (commandState?.status !== 'done' || commandState.data === null) return;
    const key = { pause: 'campaign_paused_done', resume: 'campaign_resumed_done', cancel: 'campaign_cancelled_done' }[lastCommand!.command];
    setDone({ key, name: commandState.data.name });
  }, [commandState?.status, commandState?.data, lastCommand]);

  const command = (campaign: Campaign, which: CampaignCommand) => {
    setDone(null);
    for (const action of [pause, resume, cancel]) action.clear();
    setLastCommand({ command: which, id: campaign.id });
    ({ pause, resume, cancel })[which].submit({ id: campaign.id });
  };

  const onDone = useCallback(
    (campaign: Campaign, created: boolean) => {
      setEditing({ kind: 'none' });
      setDone({ key: created ? 'campaign_created' : 'campaign_saved', name: campaign.name });
    },
    [],
  );
  const close = useCallback(() => setEditing({ kind: 'none' }), []);
  const edited = editing.kind === 'edit' ? byId(editing.id) : null;
  const watched = byId(watching);

  return (
    <div className="members-page campaigns-page">
      <p className="muted members-intro">{t('campaigns_intro')}</p>
      <div className="form-actions start">
        <Button className="button primary" isDisabled={editing.kind === 'new'} onPress={() => { setDone(null); setEditing({ kind: 'new' }); }}>
          {t('campaign_new')}
        </Button>
      </div>
      <p role="status" className={done ? 'form-success' : 'visually-hidden'}>{done ? t(done.key, { name: done.name }) : null}</p>
      {commandState && <FormAlert status={commandState} />}
      {editing.kind === 'new' && (
        <CampaignForm key="new" campaign={null} zone={list.data?.default_time_zone ?? campaigns[0]?.time_zone ?? null} page={page} onDone={onDone} onClose={close} />
      )}
      {edited && <CampaignForm key={edited.id} campaign={edited} zone={null} page={page} onDone={onDone} onClose={close} />}
      {watched && <ParticipationPanel key={watched.id} campaign={watched} page={page} onClose={() => setWatching(null)} />}
      <section className="stack" aria-labelledby="campaigns-heading">
        <h2 id="campaigns-heading">{t('campaigns')}</h2>
        <ListState section={{ status: list.status, message: list.message, data: list.data?.campaigns ?? null }} empty={t('campaign_list_empty')} />
        {campaigns.length > 0 && (
          <ul className="campaign-list stack">
            {campaigns.map((campaign) => (
              <CampaignCard
                key={campaign.id}
                campaign={campaign}
                pending={lastCommand?.id === campaign.id && commandState?.status === 'pending'}
                onEdit={() => { setDone(null); setEditing({ kind: 'edit', id: campaign.id }); }}
                onParticipation={() => setWatching(campaign.id)}
                onCommand={(which) => command(campaign, which)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};
