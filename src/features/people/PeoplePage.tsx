import { useEffect, useState, type FormEvent } from 'react';
import { Button, Cell, Label, ProgressBar } from 'react-aria-components';
import {
  type ColumnMapping,
  type ImportPreview,
  type ImportSummary,
  PEOPLE_FIELDS,
  PEOPLE_FILE_MAX_BYTES,
  PEOPLE_FILE_MAX_MB,
  type PeopleField,
  type PeoplePage as PeoplePageData,
  PeopleMessages,
} from '../../../domain/contracts/people';
import { productLanguage } from '../../../domain/i18n/languages';
import { numberFormats } from '../../../domain/i18n/numbers';
import type { ActionState } from '../../../domain/resources/state';
import { useAction, useSection } from '../../hooks/resources';
import { useTranslation } from '../../hooks/translation';
import type { Translate } from '../../../infrastructure/i18n/translator';
import { FormAlert } from '../forms/formParts';
import { ListTable } from '../control-panel/TableCard';

const ACCEPTED = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Where a plain link downloads the problem rows (the server reads the token cookie). */
const problemsHref = (token: string): string => `/api/people/import/problems?token=${encodeURIComponent(token)}`;

/**
 * The catalogue key of each reason a row is refused for. The sentences SPEC shares with the
 * survey's are also texts of the participant's page, so looking them up by their English could
 * land on a key of a catalogue this page does not hold.
 */
const REASON_KEYS: Readonly<Record<string, string>> = {
  [PeopleMessages.invalidEmail]: 'email_invalid',
  [PeopleMessages.groupNotFound]: 'select_existing_group',
  [PeopleMessages.groupFull]: 'server_people_group_full',
  [PeopleMessages.emailRepeated]: 'server_people_email_repeated',
  [PeopleMessages.languageUnknown]: 'server_people_language_unknown',
  [PeopleMessages.outsideReach]: 'server_people_outside_reach',
};

const FIELD_LABELS: Record<PeopleField, string> = {
  email: 'people_field_email',
  first_name: 'people_field_first_name',
  last_name: 'people_field_last_name',
  group: 'people_field_group',
  sub_group: 'people_field_sub_group',
  language: 'people_field_language',
};

/**
 * Coordinator → People: the import of a staff list in three steps (the file; the columns
 * matched, with the first rows; the summary with the rows that have problems, then the
 * confirmation), and the people imported so far, a page at a time. Each step is an action:
 * the effects send the requests, this screen only dispatches and reads.
 */
export const PeoplePage = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const upload = useAction('peopleUpload');
  const check = useAction('peopleCheck');
  const confirm = useAction('peopleConfirm');
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const preview = upload.state.status === 'done' ? upload.state.data : null;
  const summary = check.state.status === 'done' && check.state.data?.token === preview?.token ? check.state.data : null;

  const submitFile = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file === null) return;
    if (file.size > PEOPLE_FILE_MAX_BYTES) return setTooLarge(true);
    check.clear();
    confirm.clear();
    upload.submit({ file });
  };

  return (
    <div className="members-page">
      <p className="muted members-intro">{t('people_intro')}</p>
      <form className="card stack" aria-labelledby="people-import-heading" onSubmit={submitFile}>
        <h2 id="people-import-heading">{t('people_import_heading')}</h2>
        <FormAlert status={upload.state} />
        <div className="field">
          <label htmlFor="people-file">{t('people_file_label')}</label>
          <input
            id="people-file"
            name="file"
            type="file"
            accept={ACCEPTED}
            aria-describedby="people-file-help people-file-error"
            aria-invalid={tooLarge ? true : undefined}
            onChange={(event) => {
              setTooLarge(false);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
          <span id="people-file-help" className="muted small">{t('people_file_help', { mb: PEOPLE_FILE_MAX_MB })}</span>
          <span id="people-file-error" className="form-error-inline" role={tooLarge ? 'alert' : undefined}>
            {tooLarge ? t('server_people_file_too_large') : null}
          </span>
        </div>
        <UploadProgress state={upload.state} />
        <div className="form-actions start">
          <Button type="submit" className="button primary" isDisabled={file === null} isPending={upload.state.status === 'pending'}>
            {t('people_upload')}
          </Button>
        </div>
      </form>

      {preview && (
        <MappingStep
          key={preview.token}
          preview={preview}
          pending={check.state.status === 'pending'}
          errors={check.state.status === 'failed' ? check.state.errors : {}}
          onCheck={(mapping) => {
            confirm.clear();
            check.submit({ token: preview.token, mapping });
          }}
          failure={<FormAlert status={check.state} />}
        />
      )}

      {preview && summary && (
        <SummaryStep
          summary={summary}
          pending={confirm.state.status === 'pending'}
          confirmed={confirm.state.status === 'done' ? confirm.state.data : null}
          onConfirm={() => confirm.submit({ token: summary.token })}
          failure={<FormAlert status={confirm.state} />}
        />
      )}

      <PeopleList page={page} />
    </div>
  );
};

const KB = 1024;

/**
 * How much of the file has gone to the server, from the transport's upload events on the bus
 * (the action's `upload`); full once the server has read it, until another file is sent.
 */
const UploadProgress = ({ state }: { state: ActionState }) => {
  const { t, language } = useTranslation();
  const upload = state.upload;
  if (state.status === 'done') {
    return <ProgressBar className="survey-progress people-upload-progress" value={100} valueLabel={t('people_upload_done')}>{progressParts(t('people_upload_sent'), t('people_upload_done'), 100)}</ProgressBar>;
  }
  if (state.status !== 'pending' || upload === undefined) return null;
  const kilobytes = (bytes: number) => numberFormats(language).count(Math.ceil(bytes / KB));
  const total = upload.total ?? undefined;
  const percent = total ? Math.min(100, (upload.sent / total) * 100) : undefined;
  const valueLabel = total ? t('people_upload_bytes', { sent: kilobytes(upload.sent), total: kilobytes(total) }) : t('people_upload_bytes_unknown', { sent: kilobytes(upload.sent) });
  return (
    <ProgressBar className="survey-progress people-upload-progress" value={percent ?? 0} isIndeterminate={percent === undefined} valueLabel={valueLabel}>
      {progressParts(t('people_upload_sending'), valueLabel, percent ?? 0)}
    </ProgressBar>
  );
};

const progressParts = (label: string, valueLabel: string, percent: number) => (
  <>
    <div className="survey-progress-text">
      <Label>{label}</Label>
      <span>{valueLabel}</span>
    </div>
    <div className="survey-progress-track">
      <div className="survey-progress-fill" style={{ width: `${percent}%` }} />
    </div>
  </>
);

const columnName = (t: Translate, columns: readonly string[], index: number): string =>
  columns[index] || t('people_column_unnamed', { n: index + 1 });

interface MappingStepProps {
  readonly preview: ImportPreview;
  readonly pending: boolean;
  /** The server's refusals by field ('mapping.email'). */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  readonly onCheck: (mapping: ColumnMapping) => void;
  readonly failure: React.ReactNode;
}

/** Step 2: which column holds each field (suggested from the headers), over the file's first rows. */
const MappingStep = ({ preview, pending, errors, onCheck, failure }: MappingStepProps) => {
  const { t } = useTranslation();
  const [mapping, setMapping] = useState<ColumnMapping>(preview.suggested);
  useEffect(() => setMapping(preview.suggested), [preview.suggested]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onCheck(mapping);
  };
  return (
    <form className="card stack" aria-labelledby="people-mapping-heading" onSubmit={submit}>
      <h2 id="people-mapping-heading">{t('people_mapping_heading')}</h2>
      <p className="muted">{t('people_mapping_help', { file: preview.file_name, rows: preview.row_count })}</p>
      {failure}
      <div className="people-mapping">
        {PEOPLE_FIELDS.map((field) => {
          const error = errors[`mapping.${field}`]?.[0];
          return (
            <div className="field" key={field}>
              <label htmlFor={`people-map-${field}`}>{t(FIELD_LABELS[field])}</label>
              <select
                id={`people-map-${field}`}
                className="select-button"
                value={mapping[field] === null ? '' : String(mapping[field])}
                aria-describedby={`people-map-${field}-error`}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setMapping({ ...mapping, [field]: event.target.value === '' ? null : Number(event.target.value) })}
              >
                <option value="">{t('people_column_none')}</option>
                {preview.columns.map((_, index) => (
                  <option key={index} value={String(index)}>{columnName(t, preview.columns, index)}</option>
                ))}
              </select>
              <span id={`people-map-${field}-error`} className="form-error-inline">{error ? t(error) : null}</span>
            </div>
          );
        })}
      </div>
      <div className="table-scroll" role="group" tabIndex={0} aria-labelledby="people-preview-caption">
        <table className="data-table">
          <caption id="people-preview-caption" className="muted">{t('people_preview_caption')}</caption>
          <thead>
            <tr>
              {preview.columns.map((_, index) => (
                <th scope="col" key={index}>{columnName(t, preview.columns, index)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.sample.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  // Names and addresses keep their own direction inside a right-to-left page.
                  <td key={index} dir="auto">{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions start">
        <Button type="submit" className="button primary" isPending={pending}>{t('people_check')}</Button>
      </div>
    </form>
  );
};

interface SummaryStepProps {
  readonly summary: ImportSummary;
  readonly pending: boolean;
  readonly confirmed: { created: number; updated: number; unchanged: number; skipped: number } | null;
  readonly onConfirm: () => void;
  readonly failure: React.ReactNode;
}

/** Step 3: the summary, the rows with problems (all of them in the download), and the confirmation. */
const SummaryStep = ({ summary, pending, confirmed, onConfirm, failure }: SummaryStepProps) => {
  const { t } = useTranslation();
  return (
    <section className="card stack" aria-labelledby="people-summary-heading">
      <h2 id="people-summary-heading">{t('people_summary_heading')}</h2>
      <p role="status">
        {t('people_summary', { created: summary.new_count, updated: summary.updated_count, problems: summary.problem_count })}
        {summary.unchanged_count > 0 && <> {t('people_summary_unchanged', { n: summary.unchanged_count })}</>}
      </p>
      {summary.problem_count > 0 && (
        <>
          <div className="table-scroll" role="group" tabIndex={0} aria-labelledby="people-problems-caption">
            <table className="data-table">
              <caption id="people-problems-caption" className="muted">{t('people_problems_caption', { n: summary.problems.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('people_problem_row')}</th>
                  <th scope="col">{t('people_field_email')}</th>
                  <th scope="col">{t('people_problem_reason')}</th>
                </tr>
              </thead>
              <tbody>
                {summary.problems.map((problem) => (
                  <tr key={problem.row}>
                    <td>{problem.row}</td>
                    <td dir="auto">{problem.email}</td>
                    <td>{t(REASON_KEYS[problem.reason] ?? problem.reason)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a href={problemsHref(summary.token)} download="people-problems.csv">{t('people_problems_download')}</a>
          </p>
        </>
      )}
      {failure}
      {confirmed ? (
        <p role="status" className="form-success">
          {t('people_imported', { created: confirmed.created, updated: confirmed.updated, skipped: confirmed.skipped })}
        </p>
      ) : (
        <>
          <p className="muted">{t('people_confirm_help')}</p>
          <div className="form-actions start">
            <Button className="button primary" onPress={onConfirm} isPending={pending}>{t('people_confirm')}</Button>
          </div>
        </>
      )}
    </section>
  );
};

type Listed = PeoplePageData['people'][number];

/** The people imported so far, a page at a time. */
const PeopleList = ({ page }: { page: string }) => {
  const { t } = useTranslation();
  const [number, setNumber] = useState(1);
  const people = useSection('people', { page: number }, page);
  const data = people.data;
  const pages = data === null ? 1 : Math.max(1, Math.ceil(data.total / data.page_size));
  const listSection = { status: people.status, message: people.message, data: data?.people ?? null };
  const status = (person: Listed): string =>
    person.bounced ? t('people_status_bounced') : person.unsubscribed ? t('people_status_unsubscribed') : t('people_status_active');
  return (
    <section className="card stack" aria-labelledby="people-list-heading">
      <div className="card-header">
        <h2 id="people-list-heading">{t('people')}</h2>
        {data !== null && data.total > 0 && <span className="muted">{t('people_total', { n: data.total })}</span>}
      </div>
      <ListTable<Listed>
        section={listSection}
        empty={t('people_list_empty')}
        labelledBy="people-list-heading"
        columns={[t('people_field_email'), t('people_col_name'), t('people_field_group'), t('people_field_sub_group'), t('people_field_language'), t('people_col_status')]}
        dependencies={[t]}
        cells={(person) => (
          <>
            <Cell><span dir="auto">{person.email}</span></Cell>
            <Cell><span dir="auto">{`${person.first_name} ${person.last_name}`.trim()}</span></Cell>
            <Cell><span dir="auto">{person.group.name}</span></Cell>
            <Cell><span dir="auto">{person.sub_group?.name ?? ''}</span></Cell>
            <Cell>{person.preferred_language === null ? t('people_language_default') : productLanguage(person.preferred_language).nativeName}</Cell>
            <Cell>{status(person)}</Cell>
          </>
        )}
      />
      {pages > 1 && (
        <nav className="form-actions start" aria-label={t('people_pages')}>
          <Button className="button small" isDisabled={number <= 1} onPress={() => setNumber(number - 1)}>{t('previous')}</Button>
          <span aria-live="polite">{t('people_page_of', { page: number, pages })}</span>
          <Button className="button small" isDisabled={number >= pages} onPress={() => setNumber(number + 1)}>{t('next')}</Button>
        </nav>
      )}
    </section>
  );
};
