import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, FieldError, Form, Input, Label, Radio, RadioGroup, Switch, TextField } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import { dateRangeValueError, type DateRange, type OrganizationInformation, type Tier } from '../../../domain/contracts/organization';
import { useAction, useSection } from '../../hooks/resources';
import { useSelector } from '../../hooks/runtime';
import { FormAlert, FormDone, requiredProblem, useFormCheck } from '../forms/formParts';
import { ChoiceSelect } from '../../components/ChoiceSelect';
import { LANGUAGE_CHOICES } from '../../components/LanguageSelect';
import { DEFAULT_LANGUAGE } from '../../../domain/i18n/state';
import { useNumbers } from '../charts/useNumbers';
import { LogoForm } from './LogoForm';
import { CertificatesCard } from './CertificatesCard';
import { SsoSettingsCard } from './SsoSettingsCard';
import { ORGANIZATION_NAME_LIMIT } from '../../../domain/contracts/textLimits';
import { limitProblem, useLimitShown } from '../forms/textLimits';

export const ORGANIZATION_SETTINGS_PATH = '/dashboard/organization-settings';

const selectRole = (s: AppState) => s.session.user?.role ?? null;

/** Organisation settings: information and logo, tier names, date ranges and view-as consent. */
export const OrganizationSettingsPage = () => {
  const { t } = useTranslation();
  const role = useSelector(selectRole);
  const info = useSection('orgInfo');
  const canEdit = role === 'admin' || role === 'second_admin';
  return (
    <>
      <header className="page-header">
        <h1>{t('organization_settings')}</h1>
      </header>
      {!canEdit && <p className="muted">{t('organization_settings_read_only')}</p>}
      <div className="settings-grid">
        {info.status === 'error' && <p role="alert" className="form-error">{t(info.message ?? 'unknown_error')}</p>}
        {info.data ? <InformationForm info={info.data} disabled={!canEdit} /> : <p aria-busy="true">{t('loading')}</p>}
        {info.data && <LogoForm info={info.data} disabled={!canEdit} />}
        <TiersForm disabled={role !== 'admin'} />
        <DateRangesForm disabled={!canEdit} />
        {info.data && <ViewAsConsent info={info.data} disabled={role !== 'admin'} />}
        {canEdit && <CertificatesCard />}
        {role === 'admin' && <SsoSettingsCard />}
      </div>
    </>
  );
};

const InformationForm = ({ info, disabled }: { info: OrganizationInformation; disabled: boolean }) => {
  const { t } = useTranslation();
  const save = useAction('updateOrganization');
  const numbers = useNumbers();
  const [name, setName] = useState(info.name);
  const [industry, setIndustry] = useState(info.industry ?? '');
  const [surveyLocale, setSurveyLocale] = useState(info.survey_locale ?? DEFAULT_LANGUAGE);
  const check = useFormCheck(save.state);
  const limitShown = useLimitShown();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (requiredProblem(name, 'organisation_name_required') || limitProblem(ORGANIZATION_NAME_LIMIT, name)) return check.refuse();
    save.submit({ name: name.trim(), industry: industry.trim() === '' ? null : industry.trim(), survey_locale: surveyLocale });
  };
  return (
    <Form {...check.formProps} onSubmit={submit} className="card stack" aria-labelledby="org-info-heading">
      <h2 id="org-info-heading">{t('organization_information')}</h2>
      <FormAlert status={save.state} />
      <FormDone status={save.state} text={t('saved')} />
      <TextField name="name" value={name} onChange={setName} isRequired isDisabled={disabled} className="field"
        validate={(v) => limitShown(ORGANIZATION_NAME_LIMIT, v) ?? check.shown(requiredProblem(v, 'organisation_name_required'))}>
        <Label>{t('organisation_name')}</Label>
        <Input maxLength={ORGANIZATION_NAME_LIMIT.max} />
        <FieldError />
      </TextField>
      <TextField name="industry" value={industry} onChange={setIndustry} isDisabled={disabled} className="field">
        <Label>{t('industry')}</Label>
        <Input />
        <FieldError />
      </TextField>
      <ChoiceSelect name="survey_locale" label={t('organization_survey_language')} value={surveyLocale} items={LANGUAGE_CHOICES} isDisabled={disabled}
        onChange={setSurveyLocale} description={t('organization_survey_language_help')} />
      <p className="muted">{t('organization_seats', { seats: numbers.count(info.seat_capacity) })}</p>
      {!disabled && (
        <div className="form-actions">
          <Button type="submit" className="button primary" isPending={save.state.status === 'pending'}>{t('save')}</Button>
        </div>
      )}
    </Form>
  );
};

const TIER_LABELS = { 1: 'tier_1', 2: 'tier_2', 3: 'tier_3' } as const;

const TiersForm = ({ disabled }: { disabled: boolean }) => {
  const { t } = useTranslation();
  const tiers = useSection('tiers');
  const rename = useAction('renameTiers');
  const [names, setNames] = useState<Record<number, string>>({});
  const check = useFormCheck(rename.state);
  useEffect(() => {
    if (tiers.data) setNames(Object.fromEntries(tiers.data.map((tier: Tier) => [tier.level, tier.name])));
  }, [tiers.data]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const list = ([1, 2, 3] as const).map((level) => ({ level, name: (names[level] ?? '').trim() }));
    if (list.some((tier) => tier.name === '')) return check.refuse();
    rename.submit({ tiers: list });
  };
  return (
    <Form {...check.formProps} onSubmit={submit} className="card stack" aria-labelledby="tiers-heading">
      <h2 id="tiers-heading">{t('tier_names')}</h2>
      <p className="muted">{t('tier_names_help')}</p>
      <FormAlert status={rename.state} />
      <FormDone status={rename.state} text={t('saved')} />
      {([1, 2, 3] as const).map((level, index) => (
        <TextField key={level} name={`tiers.${index}.name`} value={names[level] ?? ''} isDisabled={disabled || !tiers.data}
          onChange={(value) => setNames((prev) => ({ ...prev, [level]: value }))} isRequired className="field"
          validate={(v) => check.shown(requiredProblem(v, 'tier_name_required'))}>
          <Label>{t(TIER_LABELS[level])}</Label>
          <Input maxLength={60} />
          <FieldError />
        </TextField>
      ))}
      {!disabled && (
        <div className="form-actions">
          <Button type="submit" className="button primary" isPending={rename.state.status === 'pending'}>{t('save')}</Button>
        </div>
      )}
    </Form>
  );
};

interface RangeRow { readonly key: string; readonly id?: string; label: string; type: DateRange['type']; start: string; end: string }

const toRow = (range: DateRange): RangeRow => {
  const [start = '', end = ''] = range.value.split('..');
  return { key: range.id, id: range.id, label: range.label, type: range.type, start, end };
};
const valueOf = (row: RangeRow) => (row.type === 'between' ? `${row.start}..${row.end}` : row.start);

let newRowCounter = 0;

const DateRangesForm = ({ disabled }: { disabled: boolean }) => {
  const { t } = useTranslation();
  const ranges = useSection('dateRanges');
  const save = useAction('saveDateRanges');
  const [rows, setRows] = useState<RangeRow[]>([]);
  const check = useFormCheck(save.state);
  useEffect(() => {
    if (ranges.data) setRows(ranges.data.map(toRow));
  }, [ranges.data]);
  const update = (key: string, change: Partial<RangeRow>) => setRows((prev) => prev.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const problem = (row: RangeRow) => (row.label.trim() === '' ? t('date_range_label_required') : (dateRangeValueError(row.type, valueOf(row)) ?? null));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rows.some((row) => problem(row) !== null)) return check.refuse();
    save.submit({ ranges: rows.map((row) => ({ ...(row.id ? { id: row.id } : {}), label: row.label.trim(), type: row.type, value: valueOf(row) })) });
  };
  return (
    <Form {...check.formProps} onSubmit={submit} className="card stack" aria-labelledby="ranges-heading">
      <h2 id="ranges-heading">{t('date_ranges')}</h2>
      <p className="muted">{t('date_ranges_help')}</p>
      <FormAlert status={save.state} />
      <FormDone status={save.state} text={t('saved')} />
      {rows.length === 0 && <p>{t('date_ranges_none')}</p>}
      {rows.map((row, index) => (
        <fieldset key={row.key} className="range-row">
          <legend>{row.label.trim() || t('date_range_number', { number: index + 1 })}</legend>
          <TextField name={`ranges.${index}.label`} value={row.label} onChange={(label) => update(row.key, { label })} isDisabled={disabled} isRequired className="field"
            validate={() => check.shown(row.label.trim() === '' ? 'date_range_label_required' : null)}>
            <Label>{t('date_range_label')}</Label>
            <Input maxLength={60} />
            <FieldError />
          </TextField>
          <RadioGroup value={row.type} onChange={(type) => update(row.key, { type: type as RangeRow['type'] })} isDisabled={disabled} orientation="horizontal" className="field">
            <Label>{t('date_range_type')}</Label>
            <Radio value="between">{t('date_range_between')}</Radio>
            <Radio value="since">{t('date_range_since')}</Radio>
          </RadioGroup>
          <TextField name={`ranges.${index}.value`} type="date" value={row.start} onChange={(start) => update(row.key, { start })} isDisabled={disabled} isRequired className="field"
            validate={() => (check.attempted && row.label.trim() !== '' ? problem(row) : null)}>
            <Label>{row.type === 'between' ? t('date_range_start') : t('date_range_since_day')}</Label>
            <Input />
            <FieldError />
          </TextField>
          {row.type === 'between' && (
            <TextField value={row.end} type="date" onChange={(end) => update(row.key, { end })} isDisabled={disabled} isRequired className="field">
              <Label>{t('date_range_end')}</Label>
              <Input />
            </TextField>
          )}
          {!disabled && (
            <Button className="button ghost" onPress={() => setRows((prev) => prev.filter((r) => r.key !== row.key))}>
              {t('date_range_remove', { label: row.label.trim() || index + 1 })}
            </Button>
          )}
        </fieldset>
      ))}
      {!disabled && (
        <div className="form-actions">
          <Button className="button" onPress={() => setRows((prev) => [...prev, { key: `new-${(newRowCounter += 1)}`, label: '', type: 'between', start: '', end: '' }])}>
            {t('date_range_add')}
          </Button>
          <Button type="submit" className="button primary" isPending={save.state.status === 'pending'}>{t('save')}</Button>
        </div>
      )}
    </Form>
  );
};

const ViewAsConsent = ({ info, disabled }: { info: OrganizationInformation; disabled: boolean }) => {
  const { t } = useTranslation();
  const toggle = useAction('toggleViewAsConsent');
  return (
    <section className="card stack" aria-labelledby="view-as-consent-heading">
      <h2 id="view-as-consent-heading">{t('view_as_consent')}</h2>
      <p className="muted">{t('view_as_consent_help')}</p>
      <FormAlert status={toggle.state} />
      <Switch isSelected={info.view_as_consent} isDisabled={disabled || toggle.state.status === 'pending'} onChange={() => toggle.submit({})} className="switch">
        <span className="switch-indicator" aria-hidden="true" />
        {t('view_as_consent_switch')}
      </Switch>
    </section>
  );
};
