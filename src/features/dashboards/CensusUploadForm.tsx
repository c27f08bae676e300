import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { CENSUS_FILE_MAX_BYTES, CENSUS_FILES_MAX, CENSUS_OFFICES, type CensusOffice, type CensusTableLoaded } from '../../../domain/contracts/mutuality';
import { useAction } from '../../hooks/resources';
import { useTranslation } from '../../hooks/translation';
import { FormAlert, useFormCheck } from '../forms/formParts';
import { useNumbers } from '../charts/useNumbers';

/** The office rows of the report: code, the name the office prints, the count. */
const ReportRows = ({ caption, rows }: { caption: string; rows: CensusTableLoaded['unmapped'] }) => {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <div className="compare-table-wrap" role="region" tabIndex={0} aria-label={caption}>
      <table className="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('census_upload_col_code')}</th>
            <th scope="col">{t('census_upload_col_name')}</th>
            <th scope="col">{t('census_upload_col_count')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code}>
              <td>{row.code}</td>
              <th scope="row" lang="en">{row.name}</th>
              <td className="num">{n.count(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** What a loaded table holds and what did not map (the office's names are shown as printed, in English). */
export const CensusReport = ({ loaded }: { loaded: CensusTableLoaded }) => {
  const { t } = useTranslation();
  return (
    <section className="census-report stack" aria-labelledby="census-report-heading" data-table={loaded.table}>
      <h3 id="census-report-heading">{t('census_upload_report_title', { table: loaded.table, year: loaded.year, publisher: loaded.publisher })}</h3>
      <p role="status">{t('census_upload_done', { table: `${loaded.table}: ${loaded.title}`, year: loaded.year, mapped: loaded.mapped, rows: loaded.rows, count: loaded.items, pillar: t(`compare_pillar.${loaded.pillar}`) })}</p>
      <p className="muted small">
        {t('mutuality_licence')}: <a href={loaded.licence.url} target="_blank" rel="noreferrer">{loaded.licence.name}</a> · {loaded.files.map((file) => file.name).join(', ')}
      </p>
      {loaded.unmapped.length === 0 ? <p>{t('census_upload_all_mapped')}</p> : <ReportRows caption={t('census_upload_unmapped', { count: loaded.unmapped.length })} rows={loaded.unmapped} />}
      {loaded.notStated.length > 0 && <ReportRows caption={t('census_upload_not_stated', { count: loaded.notStated.length })} rows={loaded.notStated} />}
      {loaded.unreadable.length > 0 && (
        <>
          <h4>{t('census_upload_unreadable', { count: loaded.unreadable.length })}</h4>
          <ul lang="en">
            {loaded.unreadable.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
};

/**
 * An administrator loads a statistical office's own table file for their organisation's
 * comparisons: the file rides on the command to the effect, which sends it as multipart.
 */
export const CensusUploadForm = () => {
  const { t } = useTranslation();
  const upload = useAction('uploadCensusTable');
  const check = useFormCheck(upload.state);
  const [office, setOffice] = useState<CensusOffice>('abs');
  const [table, setTable] = useState('');
  const [year, setYear] = useState('');
  const [population, setPopulation] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (upload.state.status !== 'done') return;
    setFiles([]);
    if (input.current) input.current.value = '';
    // The file field is empty again because the table was loaded, not because one is missing.
    check.reset();
  }, [upload.state.status]);

  const localProblem =
    files.length === 0 ? t('census_upload_file_required') : files.length > CENSUS_FILES_MAX ? t('census_upload_too_many_files', { count: CENSUS_FILES_MAX }) : files.some((file) => file.size > CENSUS_FILE_MAX_BYTES) ? t('census_upload_too_large', { size: CENSUS_FILE_MAX_BYTES / 1024 / 1024 }) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (localProblem !== null) return check.refuse();
    upload.submit({ office, file: files, ...(table.trim() === '' ? {} : { table: table.trim() }), ...(year.trim() === '' ? {} : { year: year.trim() }), ...(population.trim() === '' ? {} : { population: population.trim() }) });
  };
  const fieldError = (field: string): string | null => upload.state.errors[field]?.[0] ?? null;
  const fileError = fieldError('file') ?? (check.attempted ? localProblem : null);
  const textField = (name: 'table' | 'year' | 'population', value: string, set: (value: string) => void, inputMode?: 'numeric') => (
    <div className="field">
      <label htmlFor={`census-${name}`}>{t(`census_upload_${name}`)}</label>
      <input
        id={`census-${name}`}
        name={name}
        value={value}
        inputMode={inputMode}
        onChange={(event) => set(event.target.value)}
        aria-invalid={fieldError(name) ? true : undefined}
        aria-describedby={`census-${name}-error`}
      />
      <span id={`census-${name}-error`} className="form-error-inline" role={fieldError(name) ? 'alert' : undefined}>{fieldError(name)}</span>
    </div>
  );
  return (
    <Form {...check.formProps} onSubmit={submit} className="card stack census-upload" aria-labelledby="census-upload-heading">
      <h2 id="census-upload-heading">{t('census_upload_title')}</h2>
      <p className="field-help">{t('census_upload_help')}</p>
      <FormAlert status={upload.state} />
      <div className="field">
        <label htmlFor="census-office">{t('census_upload_office')}</label>
        <select id="census-office" name="office" className="select-button" value={office} onChange={(event) => setOffice(event.target.value as CensusOffice)} aria-invalid={fieldError('office') ? true : undefined}>
          {CENSUS_OFFICES.map((each) => (
            <option key={each} value={each}>
              {t(`census_office_${each}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="compare-selections">
        {textField('table', table, setTable)}
        {textField('year', year, setYear, 'numeric')}
        {textField('population', population, setPopulation, 'numeric')}
      </div>
      <div className="field">
        <label htmlFor="census-file">{t('census_upload_file')}</label>
        <input
          id="census-file"
          ref={input}
          name="file"
          type="file"
          multiple
          accept=".csv,text/csv"
          aria-describedby="census-file-help census-file-error"
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
        />
        <span id="census-file-help" className="muted small">{t('census_upload_file_help', { size: CENSUS_FILE_MAX_BYTES / 1024 / 1024, count: CENSUS_FILES_MAX })}</span>
        <span id="census-file-error" className="form-error-inline" role={fileError ? 'alert' : undefined}>{fileError}</span>
      </div>
      <div className="form-actions">
        <Button type="submit" className="button primary" isPending={upload.state.status === 'pending'}>{t('census_upload_submit')}</Button>
      </div>
      {upload.state.status === 'done' && upload.state.data !== null && <CensusReport loaded={upload.state.data} />}
    </Form>
  );
};
