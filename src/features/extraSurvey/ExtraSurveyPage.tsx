import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { EXTRA_KINDS, type ExtraKind, type ExtraQuestion, type ExtraResult } from '../../../domain/contracts/extraSurvey';
import { isSuppressed } from '../../../domain/contracts/stats';
import { PRODUCT_LANGUAGES } from '../../../domain/i18n/languages';
import type { AppState } from '../../../domain/app/state';
import { MAX_ADJUSTMENT } from '../../../domain/stats/cellkey';
import { useAction, useSection } from '../../hooks/resources';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { Form } from 'react-aria-components';
import { useFormCheck } from '../forms/formParts';
import { asSentence, refusalSentences } from '../../../domain/i18n/sentences';

/** Languages an author may add a translation in (English is what they write first). */
const OTHER_LANGUAGES = PRODUCT_LANGUAGES.filter((language) => language.code !== 'au' && language.code !== 'en');

interface DraftOption {
  readonly key?: string;
  readonly label: string;
  readonly translations: Record<string, string>;
}

interface Draft {
  readonly id?: string;
  /** A new question's group ('' : the whole organisation). */
  readonly department: string;
  readonly kind: ExtraKind;
  readonly text: string;
  readonly translations: Record<string, string>;
  readonly options: readonly DraftOption[];
}

const EMPTY: Draft = { department: '', kind: 'single', text: '', translations: {}, options: [{ label: '', translations: {} }, { label: '', translations: {} }] };

const draftOf = (question: ExtraQuestion): Draft => ({
  id: question.id,
  department: question.department?.id ?? '',
  kind: question.kind,
  text: question.text,
  translations: { ...question.translations },
  options: question.options.map((option) => ({ key: option.key, label: option.label, translations: { ...option.translations } })),
});

const selectExporting = (s: AppState) => s.dashboard.exporting;
const selectRole = (s: AppState) => s.session.user?.role;
/** The roles that manage the organisation's own questions (the others write for their groups). */
const ORGANIZATION_WIDE = ['admin', 'second_admin', 'sub_admin'];

/**
 * The extra survey (SPEC: /dashboard/extra-survey, Apply filter only): the released results of
 * every published version with the dashboard filters, their spreadsheet, and the builder of the
 * organisation's own questions for an administrator (a group assignee, for their groups).
 */
export const ExtraSurveyPage = ({ page }: { page: string }) => (
  <div className="dashboard-page stack extra-survey-page">
    <Results page={page} />
    <Builder />
  </div>
);

const Results = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const exporting = useSelector(selectExporting);
  const details = useSection('extraSurveyDetails', {}, page);
  const headingId = useId();
  const results = details.data?.results ?? [];
  return (
    <section className="card stack" aria-labelledby={headingId} aria-busy={details.status === 'pending'}>
      <div className="card-header">
        <h2 id={headingId}>{t('extra_results_title')}</h2>
        {results.length > 0 && (
          <button type="button" className="button secondary small" disabled={exporting !== undefined} onClick={() => dispatch({ type: 'dashboard/export', page, format: 'xlsx', card: null })}>
            {t('extra_export')}
          </button>
        )}
      </div>
      {(details.status === 'pending' || details.status === 'idle') && results.length === 0 && <p aria-busy="true">{t('loading')}</p>}
      {details.status === 'empty' && <p className="stat-withheld">{details.message ? t(details.message) : t('section_empty')}</p>}
      {details.status === 'error' && <p role="alert" className="form-error">{t(details.message ?? 'unknown_error')}</p>}
      {details.status === 'loaded' && results.length === 0 && <p>{t('extra_results_none')}</p>}
      {results.map((result) => (
        <ResultTable key={result.id} result={result} />
      ))}
      {results.length > 0 && <p className="stat-note">{t('export_cover_adjusted', { d: MAX_ADJUSTMENT })}</p>}
    </section>
  );
};

const ResultTable = ({ result }: { result: ExtraResult }) => {
  const { t } = useTranslation();
  const caption = `${result.text} (${t('extra_version', { n: result.version })}, ${t(`extra_status_${result.status}`)})`;
  if (result.result.status !== 200) {
    return (
      <div className="extra-result" data-result={result.id}>
        <h3>{caption}</h3>
        <p className="stat-withheld">{t(result.result.message)}</p>
      </div>
    );
  }
  const data = result.result.data;
  return (
    <div className="table-scroll extra-result" data-result={result.id}>
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart_col_name')}</th>
            <th scope="col">{t('chart_col_count')}</th>
            <th scope="col">{t('chart_col_percent')}</th>
          </tr>
        </thead>
        <tbody>
          {data.cells.map((cell) => (
            <tr key={cell.key}>
              <th scope="row">{cell.label}</th>
              <td>{isSuppressed(cell) ? t('chart_hidden_short') : cell.count}</td>
              <td>{isSuppressed(cell) ? t('chart_hidden_short') : `${cell.percent}%`}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('chart_total')}</th>
            <td>{data.total}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
};

const Builder = () => {
  const { t } = useTranslation();
  const questions = useSection('extraSurveys');
  const links = useSection('tokenAll');
  const update = useAction('extraSurveyUpdate');
  const groups = useSection('extraSurveyGroups');
  const role = useSelector(selectRole);
  const wide = role !== undefined && ORGANIZATION_WIDE.includes(role);
  const [draft, setDraft] = useState<Draft | null>(null);
  const headingId = useId();
  const all = questions.data?.questions ?? [];
  const inUse = all.filter((question) => question.status !== 'retired');
  const pending = update.state.status === 'pending';

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    update.submit({
      action: 'save',
      ...(draft.id === undefined ? { department_id: draft.department === '' ? null : draft.department } : { id: draft.id }),
      kind: draft.kind,
      text: draft.text,
      translations: draft.translations,
      ...(draft.kind === 'scale' ? {} : { options: draft.options.map((option) => ({ ...(option.key ? { key: option.key } : {}), label: option.label, translations: option.translations })) }),
    });
  };
  // Close the editor once the server took it.
  const done = update.state.status === 'done';
  useEffect(() => {
    if (done) setDraft(null);
  }, [done]);

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>{t('extra_question_list')}</h2>
        {draft === null && (
          <button type="button" className="button primary small" onClick={() => { update.clear(); setDraft({ ...EMPTY, department: wide ? '' : (groups.data?.[0]?.id ?? '') }); }}>
            {t('extra_new')}
          </button>
        )}
      </div>
      <p>{t('extra_builder_help')}</p>
      {update.state.status === 'failed' && (
        <p role="alert" className="form-error">
          {refusalSentences(update.state.message, update.state.errors).map((message) => asSentence(t(message))).join(' ')}
        </p>
      )}
      {draft !== null && (
        <Editor draft={draft} groups={groups.data ?? []} wide={wide} onChange={setDraft} onSubmit={save} onCancel={() => setDraft(null)} pending={pending} />
      )}
      {questions.status === 'loaded' && all.length === 0 && <p>{t('extra_none')}</p>}
      <ol className="extra-question-list stack">
        {inUse.map((question, index) => (
          <li key={question.id} className="card extra-question-item" data-question={question.id}>
            <QuestionItem
              question={question}
              first={index === 0}
              last={index === inUse.length - 1}
              links={(links.data ?? []).map((link) => ({ id: link.id, alias: link.alias }))}
              onEdit={() => { update.clear(); setDraft(draftOf(question)); }}
              pending={pending}
            />
          </li>
        ))}
      </ol>
    </section>
  );
};

const QuestionItem = ({
  question, first, last, links, onEdit, pending,
}: {
  question: ExtraQuestion;
  first: boolean;
  last: boolean;
  links: readonly { id: string; alias: string }[];
  onEdit: () => void;
  pending: boolean;
}) => {
  const { t } = useTranslation();
  const update = useAction('extraSurveyUpdate', { clearOnLeave: false });
  const [chosen, setChosen] = useState<readonly string[]>(question.links.map((link) => link.id));
  const [publishing, setPublishing] = useState(false);
  const groupId = useId();
  const publishCheck = useFormCheck(update.state);
  const send = (body: Parameters<typeof update.submit>[0]) => update.submit(body);
  return (
    <div className="stack">
      <h3>
        {question.text} <span className="extra-status" data-status={question.status}>{t(`extra_status_${question.status}`)}</span> <span className="muted">{t('extra_version', { n: question.version })}</span>
      </h3>
      <p className="muted">
        {t(`extra_kind_${question.kind}`)} · {t('extra_group')}: {question.department?.name ?? t('extra_group_all')}
        {question.links.length > 0 && ` · ${t('extra_asked_on', { links: question.links.map((link) => link.alias).join(', ') })}`}
      </p>
      {question.options.length > 0 && <p>{question.options.map((option) => option.label).join(' · ')}</p>}
      {question.status === 'published' && <p className="muted">{t('extra_published_note')}</p>}
      <div className="form-actions start">
        <button type="button" className="button small" onClick={onEdit} disabled={pending}>{t('extra_edit')}</button>
        <button type="button" className="button small" onClick={() => send({ action: 'move', id: question.id, direction: 'up' })} disabled={pending || first} aria-label={`${t('extra_move_up')}: ${question.text}`}>{t('extra_move_up')}</button>
        <button type="button" className="button small" onClick={() => send({ action: 'move', id: question.id, direction: 'down' })} disabled={pending || last} aria-label={`${t('extra_move_down')}: ${question.text}`}>{t('extra_move_down')}</button>
        <button type="button" className="button small" onClick={() => setPublishing((open) => !open)} aria-expanded={publishing}>{t('extra_publish')}</button>
        {question.status === 'draft' && <button type="button" className="button ghost small" onClick={() => send({ action: 'delete', id: question.id })} disabled={pending}>{t('extra_delete')}</button>}
        {question.status === 'published' && <button type="button" className="button ghost small" onClick={() => send({ action: 'retire', id: question.id })} disabled={pending}>{t('extra_retire')}</button>}
      </div>
      {publishing && (
        <Form
          {...publishCheck.formProps}
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            send({ action: 'publish', id: question.id, tokens: [...chosen] });
            setPublishing(false);
          }}
        >
          <fieldset className="extra-question" aria-describedby={links.length === 0 ? groupId : undefined}>
            <legend>{t('extra_publish_links')}</legend>
            {links.length === 0 && <p id={groupId}>{t('extra_no_links')}</p>}
            {links.map((link) => (
              <label key={link.id} className="tick">
                <input
                  type="checkbox"
                  checked={chosen.includes(link.id)}
                  onChange={(event) => setChosen((list) => (event.target.checked ? [...list, link.id] : list.filter((id) => id !== link.id)))}
                />
                <span>{link.alias}</span>
              </label>
            ))}
          </fieldset>
          <div className="form-actions start">
            <button type="submit" className="button primary small" disabled={pending}>{t('extra_publish')}</button>
          </div>
        </Form>
      )}
    </div>
  );
};

const Editor = ({
  draft, groups, wide, onChange, onSubmit, onCancel, pending,
}: {
  draft: Draft;
  groups: readonly { id: string; name: string }[];
  wide: boolean;
  onChange: (draft: Draft) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  pending: boolean;
}) => {
  const { t } = useTranslation();
  const id = useId();
  const setOption = (index: number, option: DraftOption) => onChange({ ...draft, options: draft.options.map((current, i) => (i === index ? option : current)) });
  const check = useFormCheck();
  return (
    <Form {...check.formProps} className="card stack extra-editor" onSubmit={onSubmit} aria-label={draft.id === undefined ? t('extra_new') : t('extra_edit')}>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('extra_text')}</label>
        <input id={`${id}-text`} value={draft.text} maxLength={300} onChange={(event) => onChange({ ...draft, text: event.target.value })} />
      </div>
      {draft.id === undefined && (
        <div className="field">
          <label htmlFor={`${id}-group`}>{t('extra_group')}</label>
          <select id={`${id}-group`} value={draft.department} onChange={(event) => onChange({ ...draft, department: event.target.value })}>
            {wide && <option value="">{t('extra_group_all')}</option>}
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="extra-question">
        <legend>{t('extra_kind')}</legend>
        {EXTRA_KINDS.map((kind) => (
          <label key={kind} className="tick">
            <input type="radio" name={`${id}-kind`} value={kind} checked={draft.kind === kind} onChange={() => onChange({ ...draft, kind })} />
            <span>{t(`extra_kind_${kind}`)}</span>
          </label>
        ))}
      </fieldset>
      {draft.kind !== 'scale' && (
        <fieldset className="extra-question">
          <legend>{t('extra_options')}</legend>
          {draft.options.map((option, index) => (
            <div key={index} className="extra-option-row">
              <div className="field">
                <label htmlFor={`${id}-option-${index}`}>{t('extra_option_n', { n: index + 1 })}</label>
                <input id={`${id}-option-${index}`} value={option.label} maxLength={120} onChange={(event) => setOption(index, { ...option, label: event.target.value })} />
              </div>
              {draft.options.length > 2 && (
                <button type="button" className="button ghost small" onClick={() => onChange({ ...draft, options: draft.options.filter((_, i) => i !== index) })}>
                  {t('extra_option_remove', { n: index + 1 })}
                </button>
              )}
            </div>
          ))}
          {draft.options.length < 12 && (
            <button type="button" className="button small" onClick={() => onChange({ ...draft, options: [...draft.options, { label: '', translations: {} }] })}>
              {t('extra_option_add')}
            </button>
          )}
        </fieldset>
      )}
      <details>
        <summary>{t('extra_translations')}</summary>
        <div className="stack">
          {OTHER_LANGUAGES.map((language) => (
            <fieldset key={language.code} className="extra-question">
              <legend>{t('extra_translation_in', { language: language.nativeName })}</legend>
              <div className="field">
                <label htmlFor={`${id}-${language.code}-text`}>{t('extra_text')}</label>
                <input
                  id={`${id}-${language.code}-text`}
                  lang={language.lang}
                  dir={language.dir}
                  value={draft.translations[language.code] ?? ''}
                  onChange={(event) => onChange({ ...draft, translations: { ...draft.translations, [language.code]: event.target.value } })}
                />
              </div>
              {draft.kind !== 'scale' &&
                draft.options.map((option, index) => (
                  <div key={index} className="field">
                    <label htmlFor={`${id}-${language.code}-option-${index}`}>{`${t('extra_option_n', { n: index + 1 })}${option.label ? ` (${option.label})` : ''}`}</label>
                    <input
                      id={`${id}-${language.code}-option-${index}`}
                      lang={language.lang}
                      dir={language.dir}
                      value={option.translations[language.code] ?? ''}
                      onChange={(event) => setOption(index, { ...option, translations: { ...option.translations, [language.code]: event.target.value } })}
                    />
                  </div>
                ))}
            </fieldset>
          ))}
        </div>
      </details>
      <div className="form-actions start">
        <button type="submit" className="button primary" disabled={pending}>{t('extra_save')}</button>
        <button type="button" className="button" onClick={onCancel}>{t('extra_cancel')}</button>
      </div>
    </Form>
  );
};
