import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Button, Checkbox, CheckboxGroup, FieldError, Form, Heading, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text, TextField,
} from 'react-aria-components';
import { CAMPAIGN_NAME_MAX, CAMPAIGN_REMINDERS_MAX, type Campaign } from '../../../domain/contracts/campaigns';
import type { OptionNode } from '../../../domain/contracts/groups';
import type { TokenLink } from '../../../domain/contracts/tokens';
import {
  type CampaignDraft, type CampaignField, type DraftProblem, draftOf, draftProblems, errorsByField, inputOf, newDraft, recipientsOpen, zoneChoices,
} from '../../../domain/campaigns/form';
import type { MessageKey } from '../../../domain/i18n/en';
import { useAction, useSection } from '../../hooks/resources';
import { useTranslation } from '../../hooks/translation';
import { FormAlert, useFormCheck } from '../forms/formParts';
import { browserZone, supportedZones } from './times';

/** The catalogue key of each refusal the form makes itself: the server's own sentence where it has one. */
const PROBLEM_KEYS: Readonly<Record<DraftProblem, MessageKey>> = {
  nameRequired: 'server_campaign_name_required',
  nameTooLong: 'server_campaign_name_too_long',
  linkRequired: 'campaign_link_required',
  noRecipients: 'server_campaign_no_recipients',
  timeZoneUnknown: 'server_campaign_time_zone_unknown',
  timeInvalid: 'server_campaign_time_invalid',
  remindersTooMany: 'server_campaign_reminders_too_many',
  reminderDays: 'server_campaign_reminder_days',
};

/** A link can take a campaign while it works or is about to. */
const usableLink = (link: TokenLink): boolean => link.status === 'active' || link.status === 'scheduled';

const flatten = (nodes: readonly OptionNode[], depth = 0): { id: string; name: string; depth: number }[] =>
  nodes.flatMap((node) => [{ id: node.id, name: node.name, depth }, ...flatten(node.children, depth + 1)]);

interface CampaignFormProps {
  /** The campaign to change; null: a new one. */
  readonly campaign: Campaign | null;
  /** The zone a new campaign starts in (the organisation's, else the browser's). */
  readonly zone: string | null;
  readonly page: string;
  readonly onDone: (campaign: Campaign, created: boolean) => void;
  readonly onClose: () => void;
}

/**
 * Create or change a campaign: name, survey link, recipients (groups and people), time zone,
 * invitation time, up to three reminders in days, closing time. The server's refusals stand
 * under their fields in its words until the field changes; the form keeps what was typed.
 */
export const CampaignForm = ({ campaign, zone, page, onDone, onClose }: CampaignFormProps) => {
  const { t } = useTranslation();
  const create = useAction('createCampaign');
  const update = useAction('updateCampaign');
  const action = campaign === null ? create : update;
  const links = useSection('tokenAll', {}, page);
  const groups = useSection('selectionGroups', {}, page);
  const [draft, setDraft] = useState<CampaignDraft>(() => (campaign === null ? newDraft(new Date(), zone ?? browserZone()) : draftOf(campaign)));
  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) => setDraft((now) => ({ ...now, [key]: value }));
  // Read once, when the form opens: a form left open past the invitation time hears it from the server.
  const [open] = useState(() => campaign === null || recipientsOpen(campaign, new Date()));

  // The server's errors by the form's own field names, in the page's language.
  const { errors: rawErrors } = action.state;
  const errors = useMemo(() => {
    const byField = errorsByField(rawErrors);
    return Object.fromEntries(Object.entries(byField).map(([field, list]) => [field, list.map((message) => t(message))])) as Record<string, string[]>;
  }, [rawErrors, t]);
  const status = useMemo(() => ({ status: action.state.status, message: action.state.message, errors }), [action.state.status, action.state.message, errors]);
  const check = useFormCheck(status);
  const shownErrors = check.formProps.validationErrors;

  const zones = useMemo(() => zoneChoices(supportedZones(), draft.time_zone), [draft.time_zone]);
  const zoneSet = useMemo(() => new Set(zones), [zones]);
  const problems = draftProblems(draft, zoneSet, open);
  const problem = (field: CampaignField): string | null => check.shown(problems[field] ? PROBLEM_KEYS[problems[field]] : null);

  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (action.state.status === 'done' && action.state.data !== null && sentFor.current !== null) {
      sentFor.current = null;
      onDone(action.state.data, campaign === null);
    }
  }, [action.state.status, action.state.data, campaign, onDone]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (Object.keys(problems).length > 0) return check.refuse();
    sentFor.current = campaign?.id ?? 'new';
    if (campaign === null) create.submit(inputOf(draft));
    else update.submit({ id: campaign.id, ...inputOf(draft, open) });
  };

  const linkChoices = (links.data ?? []).filter((link) => usableLink(link) || link.id === campaign?.link.id);
  const groupChoices = flatten(groups.data ?? []);
  const headingId = 'campaign-form-heading';
  const recipientsError = problem('recipients') ?? shownErrors.recipients?.[0] ?? null;
  const remindersError = problem('reminder_days') ?? shownErrors.reminder_days?.[0] ?? null;

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <Heading level={2} id={headingId}>{campaign === null ? t('campaign_form_new') : t('campaign_form_edit', { name: campaign.name })}</Heading>
      <Form {...check.formProps} onSubmit={submit} className="stack campaign-form">
        <FormAlert status={action.state} />
        <TextField name="name" value={draft.name} onChange={(v) => set('name', v)} isRequired className="field" autoFocus
          validate={() => problem('name')}>
          <Label>{t('campaign_name')}</Label>
          <Input maxLength={CAMPAIGN_NAME_MAX + 20} />
          <Text slot="description">{t('campaign_name_help')}</Text>
          <FieldError />
        </TextField>

        {links.status === 'loaded' && linkChoices.length === 0 ? (
          <p className="form-error" role="alert">{t('campaign_link_none')}</p>
        ) : (
          <Select name="token_id" className="field" isDisabled={!open} selectedKey={draft.token_id === '' ? null : draft.token_id} isRequired
            placeholder={t('campaign_link_choose')}
            onSelectionChange={(key) => key !== null && set('token_id', String(key))}
            validate={() => problem('token_id')}>
            <Label>{t('campaign_link')}</Label>
            <Button className="select-button">
              <SelectValue />
              <span aria-hidden="true" className="select-chevron" />
            </Button>
            <Text slot="description">{t('campaign_link_help')}</Text>
            <FieldError />
            <Popover className="select-popover">
              <ListBox className="listbox" items={linkChoices}>
                {(link) => (
                  <ListBoxItem id={link.id} textValue={link.alias} className="listbox-item">
                    {t('campaign_link_option', { alias: link.alias, survey: link.survey.name, seats: link.usage_left })}
                  </ListBoxItem>
                )}
              </ListBox>
            </Popover>
          </Select>
        )}

        <fieldset className="field campaign-recipients" aria-describedby="campaign-recipients-error">
          <legend>{t('campaign_recipients')}</legend>
          {/* What the recipients' refusals are about, so that one goes when the choice changes. */}
          <input type="hidden" name="recipients" value={JSON.stringify([draft.group_ids, draft.person_ids])} />
          {open ? (
            <>
              <CheckboxGroup value={[...draft.group_ids]} onChange={(ids) => set('group_ids', ids)} className="field campaign-groups" isInvalid={recipientsError !== null}>
                <Label>{t('campaign_recipients_groups')}</Label>
                <Text slot="description">{t('campaign_recipients_groups_help')}</Text>
                {groupChoices.map((group) => (
                  <Checkbox key={group.id} value={group.id} style={{ marginInlineStart: `${group.depth * 1.5}rem` }}>{group.name}</Checkbox>
                ))}
              </CheckboxGroup>
              <PeoplePicker page={page} chosen={draft.person_ids} onChange={(ids) => set('person_ids', ids)} />
            </>
          ) : (
            <p className="muted">{t('campaign_recipients_fixed_note')}</p>
          )}
          <span id="campaign-recipients-error" className="form-error-inline" role={recipientsError ? 'alert' : undefined}>{recipientsError}</span>
        </fieldset>

        <Select name="time_zone" className="field" isDisabled={!open} selectedKey={draft.time_zone} onSelectionChange={(key) => key !== null && set('time_zone', String(key))}
          validate={() => problem('time_zone')}>
          <Label>{t('campaign_time_zone')}</Label>
          <Button className="select-button">
            <SelectValue />
            <span aria-hidden="true" className="select-chevron" />
          </Button>
          <Text slot="description">{t('campaign_time_zone_help')}</Text>
          <FieldError />
          <Popover className="select-popover">
            <ListBox className="listbox" items={zones.map((id) => ({ id }))}>
              {(item) => <ListBoxItem id={item.id} textValue={item.id} className="listbox-item">{item.id}</ListBoxItem>}
            </ListBox>
          </Popover>
        </Select>

        <TextField name="send_local" type="datetime-local" isDisabled={!open} value={draft.send_local} onChange={(v) => set('send_local', v)} isRequired className="field"
          validate={() => problem('send_local')}>
          <Label>{t('campaign_send_local')}</Label>
          <Input />
          <FieldError />
        </TextField>

        <fieldset className="field campaign-reminders" aria-describedby="campaign-reminders-help campaign-reminders-error">
          <legend>{t('campaign_reminders')}</legend>
          <input type="hidden" name="reminder_days" value={JSON.stringify(draft.reminders)} />
          <p id="campaign-reminders-help" className="muted small">{t('campaign_reminders_help')}</p>
          {draft.reminders.map((days, index) => (
            <div className="campaign-reminder" key={index}>
              <TextField name={`reminder_${index + 1}`} value={days} inputMode="numeric" className="field"
                isInvalid={remindersError !== null}
                onChange={(v) => set('reminders', draft.reminders.map((old, i) => (i === index ? v : old)))}>
                <Label>{t('campaign_reminder_n', { n: index + 1 })}</Label>
                <Input size={4} />
              </TextField>
              <Button className="button ghost small" onPress={() => set('reminders', draft.reminders.filter((_, i) => i !== index))}>
                {t('campaign_reminder_remove', { n: index + 1 })}
              </Button>
            </div>
          ))}
          {draft.reminders.length < CAMPAIGN_REMINDERS_MAX && (
            <div className="form-actions start">
              <Button className="button small" onPress={() => set('reminders', [...draft.reminders, ''])}>{t('campaign_reminder_add')}</Button>
            </div>
          )}
          <span id="campaign-reminders-error" className="form-error-inline" role={remindersError ? 'alert' : undefined}>{remindersError}</span>
        </fieldset>

        <TextField name="closes_local" type="datetime-local" value={draft.closes_local} onChange={(v) => set('closes_local', v)} isRequired className="field"
          validate={() => problem('closes_local')}>
          <Label>{t('campaign_closes_local')}</Label>
          <Input />
          <Text slot="description">{t('campaign_closes_help')}</Text>
          <FieldError />
        </TextField>

        <div className="form-actions start">
          <Button type="submit" className="button primary" isPending={action.state.status === 'pending'}>
            {campaign === null ? t('campaign_create') : t('save')}
          </Button>
          <Button className="button" onPress={onClose}>{t('cancel')}</Button>
        </div>
      </Form>
    </section>
  );
};

/** People picked one by one, a page of the imported people at a time; the choice is kept across pages. */
const PeoplePicker = ({ page, chosen, onChange }: { page: string; chosen: readonly string[]; onChange: (ids: string[]) => void }) => {
  const { t } = useTranslation();
  const [number, setNumber] = useState(1);
  const people = useSection('people', { page: number }, page);
  const data = people.data;
  const pages = data === null ? 1 : Math.max(1, Math.ceil(data.total / data.page_size));
  if (data !== null && data.total === 0) return <p className="muted">{t('campaign_people_none')}</p>;
  const onPage = new Set((data?.people ?? []).map((person) => person.id));
  const elsewhere = chosen.filter((id) => !onPage.has(id));
  // Folded by default: most campaigns invite whole groups, and a page of people is long.
  return (
    <details className="campaign-people" open={chosen.length > 0 || undefined}>
      <summary>{t('campaign_recipients_people')}: {t('campaign_people_chosen', { count: chosen.length })}</summary>
      <CheckboxGroup value={chosen.filter((id) => onPage.has(id))} onChange={(ids) => onChange([...elsewhere, ...ids])} className="field"
        aria-label={t('campaign_recipients_people')}>
        <div className="campaign-people-list">
          {(data?.people ?? []).map((person) => (
            <Checkbox key={person.id} value={person.id}>
              <span className="campaign-person">
                <span dir="auto">{`${person.first_name} ${person.last_name}`.trim() || person.email}</span>
                <span className="muted small" dir="auto">{person.email}</span>
              </span>
            </Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      {pages > 1 && (
        <nav className="form-actions start" aria-label={t('campaign_people_pages')}>
          <Button className="button small" isDisabled={number <= 1} onPress={() => setNumber(number - 1)}>{t('previous')}</Button>
          <span aria-live="polite">{t('campaign_people_page_of', { page: number, pages })}</span>
          <Button className="button small" isDisabled={number >= pages} onPress={() => setNumber(number + 1)}>{t('next')}</Button>
        </nav>
      )}
    </details>
  );
};
