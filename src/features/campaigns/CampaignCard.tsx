import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Campaign, CampaignStep } from '../../../domain/contracts/campaigns';
import { controlsOf } from '../../../domain/campaigns/form';
import { productLanguage } from '../../../domain/i18n/languages';
import { useTranslation } from '../../hooks/translation';
import type { Translate } from '../../../infrastructure/i18n/translator';
import { timeInZone } from './times';

export type CampaignCommand = 'pause' | 'resume' | 'cancel';

interface CampaignCardProps {
  readonly campaign: Campaign;
  /** A command of this campaign is on its way. */
  readonly pending: boolean;
  readonly onEdit: () => void;
  readonly onParticipation: () => void;
  readonly onCommand: (command: CampaignCommand) => void;
}

const stepName = (t: Translate, campaign: Campaign, step: CampaignStep): string =>
  step.step === 0
    ? t('campaign_step_invitation')
    : t('campaign_step_reminder', { n: step.step, count: campaign.reminder_days[step.step - 1] ?? 0 });

/** One campaign: its state, link, times in its zone, recipients, each mail's sent and waiting counts, and its buttons. */
export const CampaignCard = ({ campaign, pending, onEdit, onParticipation, onCommand }: CampaignCardProps) => {
  const { t, language } = useTranslation();
  const lang = productLanguage(language).lang;
  const controls = controlsOf(campaign.state);
  const [confirming, setConfirming] = useState(false);
  const headingId = `campaign-${campaign.id}-heading`;
  const at = (iso: string) => timeInZone(iso, campaign.time_zone, lang);
  return (
    <li className="card stack campaign-card" aria-labelledby={headingId}>
      <div className="card-header">
        <h3 id={headingId} dir="auto">{campaign.name}</h3>
        <span className={`status-pill campaign-state-${campaign.state}`}>{t(`campaign_state_${campaign.state}`)}</span>
      </div>
      <dl className="campaign-facts">
        <div><dt>{t('campaign_link')}</dt><dd dir="auto">{`${campaign.link.alias} (${campaign.link.survey_name})`}</dd></div>
        <div><dt>{t('campaign_invitation')}</dt><dd>{at(campaign.send_at)}</dd></div>
        <div><dt>{t('campaign_closes')}</dt><dd>{at(campaign.closes_at)}</dd></div>
        <div><dt>{t('campaign_time_zone')}</dt><dd>{campaign.time_zone}</dd></div>
        <div><dt>{t('campaign_recipients')}</dt><dd>{t('campaign_people', { count: campaign.recipient_count })}</dd></div>
        {campaign.groups.length > 0 && (
          <div><dt>{t('campaign_groups')}</dt><dd dir="auto">{campaign.groups.map((group) => group.name).join(', ')}</dd></div>
        )}
      </dl>
      <div className="table-scroll" role="group" tabIndex={0} aria-labelledby={`${headingId}-steps`}>
        <table className="data-table">
          <caption id={`${headingId}-steps`} className="muted">
            {t('campaign_steps_caption', { name: campaign.name })} · {t('campaign_times_in_zone', { zone: campaign.time_zone })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('campaign_step')}</th>
              <th scope="col">{t('campaign_step_at')}</th>
              <th scope="col">{t('campaign_step_sent')}</th>
              <th scope="col">{t('campaign_step_queued')}</th>
            </tr>
          </thead>
          <tbody>
            {campaign.steps.map((step) => (
              <tr key={step.step} data-step={step.step}>
                <th scope="row">{stepName(t, campaign, step)}</th>
                <td>{at(step.at)}</td>
                <td>{step.sent}</td>
                <td>{step.queued}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions start" role="group" aria-label={t('campaign_actions', { name: campaign.name })}>
        <Button className="button small" onPress={onParticipation}>{t('campaign_show_participation')}</Button>
        {controls.edit && <Button className="button small" onPress={onEdit}>{t('campaign_edit')}</Button>}
        {controls.pause && <Button className="button small" isPending={pending} onPress={() => onCommand('pause')}>{t('campaign_pause')}</Button>}
        {controls.resume && <Button className="button small" isPending={pending} onPress={() => onCommand('resume')}>{t('campaign_resume')}</Button>}
        {controls.cancel && <Button className="button small danger" isPending={pending} onPress={() => setConfirming(true)}>{t('campaign_cancel')}</Button>}
      </div>
      {confirming && (
        <ModalOverlay className="modal-overlay" isOpen onOpenChange={(isOpen) => !isOpen && setConfirming(false)} isDismissable>
          <Modal className="modal">
            <Dialog className="dialog" role="alertdialog">
              <Heading slot="title">{t('campaign_cancel_title', { name: campaign.name })}</Heading>
              <p>{t('campaign_cancel_text')}</p>
              <div className="dialog-actions">
                <Button className="button" autoFocus onPress={() => setConfirming(false)}>{t('campaign_cancel_keep')}</Button>
                <Button className="button danger" onPress={() => { setConfirming(false); onCommand('cancel'); }}>{t('campaign_cancel')}</Button>
              </div>
            </Dialog>
          </Modal>
        </ModalOverlay>
      )}
    </li>
  );
};
