import { useMemo, useState } from 'react';
import { ChoiceSelect } from '../../components/ChoiceSelect';
import { useTranslation } from '../../hooks/translation';
import { Button, FileTrigger, Input, Label, TextField } from 'react-aria-components';
import { useObservableEagerState } from 'observable-hooks';
import { useRuntime } from '../../hooks/runtime';
import { useDebugEnabled } from './useDebugEnabled';
import type { AppEnvelope } from '../../../infrastructure/bus/types';

const ORIGINS = ['all', 'local', 'remote', 'replay'] as const;

const matches = (entry: AppEnvelope, type: string, origin: string, actor: string) =>
  (type === '' || entry.body.type.includes(type)) &&
  (origin === 'all' || entry.origin === origin) &&
  (actor === '' || (entry.actor ?? '').includes(actor));

const download = (text: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * The auditor's view of the event log: filter, jump to any entry, export, import and replay.
 * Opened by ?debug or the localStorage flag, for administrators or on a local build.
 */

export const DebugPanel = () => (useDebugEnabled() ? <DebugPanelBody /> : null);

const DebugPanelBody = () => {
  const { t } = useTranslation();
  const { store, debug } = useRuntime();
  const lifted = useObservableEagerState(store.lifted$);
  const [type, setType] = useState('');
  const [origin, setOrigin] = useState<string>('all');
  const [actor, setActor] = useState('');
  const [importError, setImportError] = useState('');

  const rows = useMemo(
    () => lifted.entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => matches(entry, type, origin, actor)).slice(-200),
    // The log array grows in place; each publish brings a new lifted object.
    [lifted, type, origin, actor],
  );

  const onImport = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const result = debug.replay(await file.text());
    setImportError(result.ok ? '' : t(result.reason === 'newerVersion' ? 'debug_import_newer' : 'debug_import_failed'));
  };

  return (
    <aside className="debug-panel" aria-labelledby="debug-heading" data-mode={lifted.mode}>
      <h2 id="debug-heading">{t('debug_panel')} ({lifted.entries.length})</h2>
      {lifted.mode !== 'live' && <p className="debug-lock" role="status">{t('debug_replaying')}</p>}
      <div className="debug-toolbar">
        <Button className="button small" onPress={() => download(debug.exportLog(), `event-log-${Date.now()}.json`)}>
          {t('debug_export')}
        </Button>
        <FileTrigger acceptedFileTypes={['application/json']} onSelect={onImport}>
          <Button className="button small">{t('debug_import')}</Button>
        </FileTrigger>
        <Button className="button small" isDisabled={lifted.mode === 'live'} onPress={() => (lifted.mode === 'replay' ? store.exitReplay() : store.jumpTo(lifted.entries.length))}>
          {t('debug_live')}
        </Button>
      </div>
      {importError && <p role="alert" className="debug-error">{importError}</p>}
      <div className="debug-filters">
        <TextField className="field small" value={type} onChange={setType}>
          <Label>{t('debug_filter_type')}</Label>
          <Input />
        </TextField>
        <ChoiceSelect className="small" label={t('debug_filter_origin')} value={origin} items={ORIGINS.map((o) => ({ id: o, name: o }))} onChange={setOrigin} />
        <TextField className="field small" value={actor} onChange={setActor}>
          <Label>{t('debug_filter_actor')}</Label>
          <Input />
        </TextField>
      </div>
      <ol className="debug-log">
        {rows.map(({ entry, index }) => (
          <li key={entry.id} className={index < lifted.cursor ? 'applied' : 'pending'} data-type={entry.body.type}>
            <span className="debug-seq">#{entry.seq}</span>
            <span className="debug-type">{entry.body.type}</span>
            <span className="debug-origin">{entry.origin}</span>
            <Button className="button small ghost" aria-label={`${t('debug_jump')} #${entry.seq} ${entry.body.type}`} onPress={() => store.jumpTo(index + 1)}>
              {t('debug_jump')}
            </Button>
          </li>
        ))}
      </ol>
    </aside>
  );
};
