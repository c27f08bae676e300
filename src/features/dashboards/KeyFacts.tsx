import { useId, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button } from 'react-aria-components';
import { KEY_FACT_SECTIONS, type KeyFact, type KeyFactPage, keyFactsOf } from '../../../domain/keyfacts/facts';
import { type StatisticsSectionName, statisticsSections } from '../../../domain/resources/sections/statistics';
import { useSection } from '../../hooks/resources';
import { keyFactSentence } from '../../../domain/keyfacts/wording';
import { useNumbers } from '../charts/useNumbers';
import { localiseLabels, useChartLabels } from '../charts/localNames';

export const sectionNameOf = (path: string): StatisticsSectionName => {
  const entry = Object.entries(statisticsSections).find(([, section]) => section.endpoint.path.replace(/^\/+/, '') === path);
  if (entry === undefined) throw new Error(`no section for ${path}`);
  return entry[0] as StatisticsSectionName;
};

const useReleasedSections = (page: KeyFactPage) => {
  // The cards of the page load these sections; the facts only read them (load: false).
  const paths = KEY_FACT_SECTIONS[page];
  const sections = paths.map((path) => [path, useSection(sectionNameOf(path), {}, page, false)] as const);
  return {
    data: Object.fromEntries(sections.map(([path, section]) => [path, section.data])),
    settled: sections.every(([, section]) => section.status !== 'idle' && section.status !== 'pending'),
  };
};

/**
 * The page's key facts: sentences made from the figures its cards released (domain/keyfacts),
 * in the reader's language, with a Copy button. Nothing is said of a hidden or withheld figure.
 */
export const KeyFacts = ({ page }: { page: KeyFactPage }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, settled } = useReleasedSections(page);
  const [copied, setCopied] = useState<string | null>(null);
  const numbers = useNumbers();
  // A fact that names a value (the most common language) names it as the cards beside it do.
  const labels = useChartLabels();
  const sentence = (fact: KeyFact): string => keyFactSentence(fact, (key, values) => t(key, values), numbers);
  const sentences = keyFactsOf(page, localiseLabels(data, labels.names, labels.facts, labels.fixed)).map(sentence);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sentences.join('\n'));
      setCopied(t('key_facts_copied'));
    } catch {
      setCopied(t('key_facts_copy_failed'));
    }
  };

  if (!settled && sentences.length === 0) return null;
  return (
    <section className="card key-facts" aria-labelledby={headingId} data-testid="key-facts">
      <div className="card-header">
        <h2 id={headingId}>{t('key_facts_title')}</h2>
        {sentences.length > 0 && (
          <Button className="button secondary small" aria-label={t('key_facts_copy_label')} onPress={() => void copy()}>
            {t('key_facts_copy')}
          </Button>
        )}
      </div>
      {sentences.length > 0 ? (
        <ul className="key-facts-list">
          {sentences.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p className="stat-withheld">{t('key_facts_none')}</p>
      )}
      <p className="export-status" role="status">{copied ?? ''}</p>
    </section>
  );
};
