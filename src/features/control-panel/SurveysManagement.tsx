import { useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Cell } from 'react-aria-components';
import type { TokenLink, TokenStatus } from '../../../domain/contracts/tokens';
import type { MessageKey } from '../../../domain/i18n/en';
import { useAction, useSection } from '../../hooks/resources';
import { FormAlert } from '../forms/formParts';
import { useDates } from '../../hooks/dates';
import { useNumbers } from '../charts/useNumbers';
import { LinkFormDialog } from './LinkFormDialog';
import { LinkQrDialog } from './LinkQrDialog';
import { LinkEmailDialog } from './LinkEmailDialog';
import { TableCard } from './TableCard';

const STATUS_LABELS: Record<TokenStatus, MessageKey> = {
  active: 'link_status_active',
  inactive: 'link_status_inactive',
  expired: 'link_status_expired',
  full: 'link_status_full',
  scheduled: 'link_status_scheduled',
};

type Open = { kind: 'create' } | { kind: 'edit' | 'qr' | 'email'; link: TokenLink } | null;

/** Survey links: create, edit, switch on or off, copy, QR code for conferences, email. */
export const SurveysManagement = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const formatUtc = useDates().utcTime;
  const n = useNumbers();
  const links = useSection('tokenAll', undefined, page);
  const switchLink = useAction('switchToken');
  const [open, setOpen] = useState<Open>(null);
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async (link: TokenLink) => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(t('link_copied', { alias: link.alias }));
    } catch {
      setCopied(t('link_copy_failed', { url: link.url }));
    }
  };

  return (
    <TableCard
      headingId="links-heading"
      title={t('survey_links')}
      action={
        <Button className="button primary" onPress={() => setOpen({ kind: 'create' })}>
          {t('link_create')}
        </Button>
      }
      intro={
        <>
          <p className="muted">{t('survey_links_help')}</p>
          <FormAlert status={switchLink.state} />
          <p role="status" className={copied ? 'form-success' : 'visually-hidden'}>{copied}</p>
        </>
      }
      section={links}
      empty={t('survey_links_none')}
      tableName="heading"
      columns={[t('link_alias'), t('link_group'), t('link_expires'), t('link_seats'), t('link_status'), t('actions')]}
      // The rows are drawn again when the language's texts arrive, and when a switch is under way.
      dependencies={[t, formatUtc, n, switchLink.state.status]}
      cells={(link) => (
        <>
          <Cell>
            <span className="strong">{link.alias}</span>
            <span className="muted small">{link.anonymity === 1 ? t('link_anonymous') : t('link_named')}</span>
          </Cell>
          <Cell>{link.department?.name ?? t('link_whole_organisation')}</Cell>
          <Cell>{formatUtc(link.expires_at)}</Cell>
          <Cell>{t('link_seats_value', { used: n.count(link.used), capacity: n.count(link.capacity) })}</Cell>
          <Cell>
            <span className={`status-pill status-${link.status}`}>{t(STATUS_LABELS[link.status])}</span>
          </Cell>
          <Cell>
            <div className="row-actions">
              <Button className="button small" onPress={() => setOpen({ kind: 'edit', link })} aria-label={t('link_edit_named', { alias: link.alias })}>
                {t('edit')}
              </Button>
              <Button
                className="button small"
                isDisabled={switchLink.state.status === 'pending'}
                onPress={() => switchLink.submit({ id: link.id, active: !link.active })}
                aria-label={t(link.active ? 'link_deactivate_named' : 'link_activate_named', { alias: link.alias })}
              >
                {link.active ? t('link_deactivate') : t('link_activate')}
              </Button>
              <Button className="button small" onPress={() => void copy(link)} aria-label={t('link_copy_named', { alias: link.alias })}>
                {t('link_copy')}
              </Button>
              <Button className="button small" onPress={() => setOpen({ kind: 'qr', link })} aria-label={t('link_qr_named', { alias: link.alias })}>
                {t('link_qr')}
              </Button>
              <Button className="button small" onPress={() => setOpen({ kind: 'email', link })} aria-label={t('link_email_named', { alias: link.alias })}>
                {t('link_email')}
              </Button>
            </div>
          </Cell>
        </>
      )}
    >
      {open?.kind === 'create' && <LinkFormDialog link={null} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <LinkFormDialog link={open.link} onClose={() => setOpen(null)} />}
      {open?.kind === 'qr' && <LinkQrDialog link={open.link} onClose={() => setOpen(null)} />}
      {open?.kind === 'email' && <LinkEmailDialog link={open.link} onClose={() => setOpen(null)} />}
    </TableCard>
  );
};
