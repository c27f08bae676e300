import { useEffect } from 'react';
import type { AppState } from '../../domain/app/state';
import { productLanguage } from '../../domain/i18n/languages';
import { useAction } from '../hooks/resources';
import { useDispatch, useSelector } from '../hooks/runtime';
import { useTranslation } from '../hooks/translation';

const selectOffer = (s: AppState) => s.i18n.accountOffer;

/** A language's name as the page's language says it ("French", "français"), its own name when Intl has none. */
const languageName = (code: string, pageCode: string): string => {
  const language = productLanguage(code);
  try {
    return new Intl.DisplayNames([productLanguage(pageCode).lang], { type: 'language' }).of(language.lang) ?? language.nativeName;
  } catch {
    return language.nativeName;
  }
};

/**
 * After the header switch while signed in: the screen is already in the new language; the
 * account's (its mails, certificates, exports and the next sign-in) changes only on "Use for
 * my account" (docs/languages.md, "Whose language"). Plain buttons: the layout's first chunk
 * stays without react-aria.
 */
export const AccountLanguageOffer = () => {
  const { t, language } = useTranslation();
  const dispatch = useDispatch();
  const offer = useSelector(selectOffer);
  const keep = useAction('keepAccountLanguage', { clearOnLeave: false });
  const { clear } = keep;
  // A failure said about one language is not said about the next one offered.
  useEffect(() => clear, [offer, clear]);
  if (offer === null) return null;
  const name = languageName(offer, language);
  const pending = keep.state.status === 'pending';
  return (
    <section className="notice account-language-offer" aria-labelledby="account-language-offer-text">
      <p id="account-language-offer-text">{t('account_language_offer', { language: name })}</p>
      {keep.state.status === 'failed' && (
        <p role="alert" className="form-error">
          {t('account_language_not_saved')}
        </p>
      )}
      <div className="account-language-offer-actions">
        <button type="button" className="button primary small" disabled={pending} onClick={() => keep.submit({ locale_id: offer })}>
          {t('account_language_keep', { language: name })}
        </button>
        <button type="button" className="button ghost small" disabled={pending} onClick={() => dispatch({ type: 'i18n/closeAccountLanguageOffer' })}>
          {t('account_language_screen_only')}
        </button>
      </div>
    </section>
  );
};
