import { Button } from 'react-aria-components';
import type { Campaign, ParticipationRow } from '../../../domain/contracts/campaigns';
import { answeredShare } from '../../../domain/campaigns/form';
import { productLanguage } from '../../../domain/i18n/languages';
import { useSection } from '../../hooks/resources';
import { useTranslation } from '../../hooks/translation';
import { ListState } from '../../components/ListState';
import { AnswersByDay } from './AnswersByDay';

const COLUMNS = ['invited', 'answered', 'reminded', 'bounced', 'unsubscribed'] as const;

/**
 * One campaign's participation: invited, answered (a released figure: "hidden" below the
 * threshold, with the reason), reminded, bounced and unsubscribed, for the campaign and each
 * group, and the answers by day. Nothing here says who answered.
 */
export const ParticipationPanel = ({ campaign, page, onClose }: { campaign: Campaign; page: string; onClose: () => void }) => {
  const { t, language } = useTranslation();
  const number = new Intl.NumberFormat(productLanguage(language).lang);
  const section = useSection('campaignParticipation', { id: campaign.id }, page);
  // The section holds the last campaign asked for: another one's figures are not shown under this name.
  const data = section.data?.campaign_id === campaign.id ? section.data : null;
  const headingId = 'campaign-participation-heading';
  const cell = (row: ParticipationRow, column: (typeof COLUMNS)[number]) => {
    const value = row[column];
    return value === null ? <span className="muted">{t('campaign_hidden')}</span> : number.format(value);
  };
  const share = data === null ? null : answeredShare(data.total.answered, data.total.invited);
  return (
    <section className="card stack campaign-participation" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId} dir="auto">{t('campaign_participation_heading', { name: campaign.name })}</h2>
        <Button className="button small" onPress={onClose}>{t('close')}</Button>
      </div>
      {data === null ? (
        <ListState section={{ status: section.status, message: section.message, data: null }} empty="" />
      ) : (
        <>
          <p className="campaign-headline" role="status">
            {data.total.answered === null || share === null
              ? t('campaign_answered_hidden')
              : t('campaign_answered_of', { answered: number.format(data.total.answered), invited: number.format(data.total.invited), share })}
          </p>
          {(data.total.answered === null || data.groups.some((group) => group.answered === null) || data.by_day.some((day) => day.answered === null)) && (
            <p className="muted">{t('campaign_hidden_reason', { k: data.threshold })}</p>
          )}
          <p className="muted">{data.anonymity === 1 ? t('campaign_anonymous_note') : t('campaign_named_note')}</p>
          <div className="table-scroll" role="group" tabIndex={0} aria-labelledby="campaign-groups-caption">
            <table className="data-table">
              <caption id="campaign-groups-caption">{t('campaign_by_group_caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('campaign_group')}</th>
                  {COLUMNS.map((column) => <th scope="col" key={column}>{t(`campaign_${column}`)}</th>)}
                </tr>
              </thead>
              <tbody>
                {data.groups.map((group) => (
                  <tr key={group.group.id}>
                    <th scope="row" dir="auto">{group.group.name}</th>
                    {COLUMNS.map((column) => <td key={column}>{cell(group, column)}</td>)}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('campaign_totals_caption')}</th>
                  {COLUMNS.map((column) => <td key={column} data-column={column}>{cell(data.total, column)}</td>)}
                </tr>
              </tfoot>
            </table>
          </div>
          <AnswersByDay days={data.by_day} threshold={data.threshold} />
        </>
      )}
    </section>
  );
};
