import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { STORED_THINGS } from '../../../domain/consent/policy';
import type { Consent } from '../../../infrastructure/storage/consent';

type Translate = (key: string) => string;

/**
 * The first-visit banner (issue 17): what the browser keeps, which of it is needed and which
 * only with consent, and two choices. Plain elements only, no react-aria, so that it costs the
 * participant bundle little. It is a labelled region at the end of the page (not a modal): the
 * page stays usable, and the choice is remembered in the essential `cookieConsent` key.
 */
export const CookieBanner = ({ consent, t }: { consent: Consent; t: Translate }) => {
  const choice = useSyncExternalStore(consent.subscribe, consent.choice);
  const titleId = useId();
  const banner = useRef<HTMLElement>(null);
  // The page keeps room below its content as tall as the banner (--cookie-banner-space, read by
  // styles.css), so the banner never sits over the last buttons of a form ("Accept and sign in",
  // the survey's Start): they scroll clear of it, and a focused field scrolls above it.
  useEffect(() => {
    const element = banner.current;
    const root = document.documentElement;
    if (choice !== undefined || element === null) return;
    const reserve = () => root.style.setProperty('--cookie-banner-space', `${Math.ceil(element.getBoundingClientRect().height) + 16}px`);
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-banner-space');
    };
  }, [choice]);
  if (choice !== undefined) return null;
  return (
    <section ref={banner} className="cookie-banner" role="region" aria-labelledby={titleId} data-testid="cookie-banner">
      <h2 id={titleId}>{t('cookie_title')}</h2>
      <p>{t('cookie_text')}</p>
      <details>
        <summary>{t('cookie_details')}</summary>
        <ul>
          {STORED_THINGS.map((thing) => (
            <li key={thing.name}>
              <code>{thing.name}</code> ({thing.where}, {thing.essential ? t('cookie_needed') : t('cookie_with_consent')}): {thing.purpose}
            </li>
          ))}
        </ul>
      </details>
      <div className="cookie-actions">
        <button type="button" className="button primary" onClick={() => consent.choose('all')}>
          {t('cookie_accept')}
        </button>
        <button type="button" className="button secondary" onClick={() => consent.choose('essential')}>
          {t('cookie_essential_only')}
        </button>
      </div>
    </section>
  );
};
