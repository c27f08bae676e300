import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Form } from 'react-aria-components';
import { useObservableEagerState } from 'observable-hooks';
import type { AppState } from '../../../domain/app/state';
import type { TwoFactorMethod } from '../../../domain/contracts/auth';
import type { MessageKey } from '../../../domain/i18n/en';
import { useRuntime, useSelector } from '../../hooks/runtime';
import { useAction } from '../../hooks/resources';
import { QrCode } from '../../components/QrCode';
import { CodeField, FormAlert, FormDone, codeProblem, useFormCheck } from '../forms/formParts';
import { useDates } from '../../hooks/dates';

const selectMethod = (s: AppState): TwoFactorMethod => s.session.user?.two_factor ?? 'off';
const selectEmail = (s: AppState) => s.session.user?.email ?? s.session.userEmail ?? '';
const selectCodeExpiry = (s: AppState) => s.account.twoFactorCodeExpiresAt;

const METHOD_LABEL: Record<TwoFactorMethod, MessageKey> = {
  off: 'two_factor_method_off',
  email: 'two_factor_method_email',
  totp: 'two_factor_method_totp',
};

/** The change being made: which method to switch to, confirmed by a code. */
type Change = { readonly to: TwoFactorMethod } | null;

/** Two-factor authentication: turn on emailed codes or an authenticator app, or turn it off. */
export const TwoFactorSection = ({ onPendingChange }: { onPendingChange?: (pending: boolean) => void } = {}) => {
  const { t } = useTranslation();
  const { localTime } = useDates();
  const { secrets } = useRuntime();
  const totp = useObservableEagerState(secrets.totp$);
  const method = useSelector(selectMethod);
  const email = useSelector(selectEmail);
  const codeExpiresAt = useSelector(selectCodeExpiry);
  const toggle = useAction('toggleTwoFactor');
  const setup = useAction('startTotpSetup');
  const sendCode = useAction('sendTwoFactorCode');
  // One outcome for the section: a refused set-up or code shows like a refused switch.
  const status = [setup.state, sendCode.state].find((s) => s.status === 'failed') ?? toggle.state;
  const clearAll = () => {
    toggle.clear();
    setup.clear();
    sendCode.clear();
  };
  const [change, setChange] = useState<Change>(null);
  const [code, setCode] = useState('');
  const check = useFormCheck(status);

  const begin = (to: TwoFactorMethod) => {
    clearAll();
    setCode('');
    check.reset();
    setChange({ to });
    if (to === 'totp') setup.submit({});
    // Emailed codes confirm a switch to email, and turning off email 2FA.
    else if (to === 'email' || method === 'email') sendCode.submit({});
  };

  const cancel = () => {
    setChange(null);
    setCode('');
    secrets.setTotp(null);
    clearAll();
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!change) return;
    if (codeProblem(code)) {
      check.refuse();
      return;
    }
    for (const earlier of [setup, sendCode]) if (earlier.state.status === 'failed') earlier.clear();
    toggle.submit({ method: change.to, code });
  };

  // Once the switch is confirmed the section returns to its summary.
  const open = change !== null && status.status !== 'done';
  useEffect(() => onPendingChange?.(open), [open, onPendingChange]);
  const codeSource = change?.to === 'totp' || (change?.to === 'off' && method === 'totp') ? 'app' : 'email';
  const expiry = codeExpiresAt ? t('two_factor_expires', { time: localTime(codeExpiresAt) }) : undefined;

  return (
    <section aria-labelledby="two-factor-heading" className="stack narrow">
      <h2 id="two-factor-heading">{t('two_factor_heading')}</h2>
      <p>
        {t('two_factor_current')} <strong>{t(METHOD_LABEL[method])}</strong>
      </p>
      <FormAlert status={status} />
      <FormDone status={status} text={t('two_factor_saved')} />
      {!open && (
        <div className="form-actions start">
          {method !== 'totp' && (
            <Button className="button secondary" onPress={() => begin('totp')}>
              {t('two_factor_use_app')}
            </Button>
          )}
          {method !== 'email' && (
            <Button className="button secondary" onPress={() => begin('email')}>
              {t('two_factor_use_email')}
            </Button>
          )}
          {method !== 'off' && (
            <Button className="button ghost" onPress={() => begin('off')}>
              {t('two_factor_turn_off')}
            </Button>
          )}
        </div>
      )}
      {open && change && (
        <Form {...check.formProps} onSubmit={confirm} className="stack two-factor-change" aria-labelledby="two-factor-change-heading">
          <h3 id="two-factor-change-heading">
            {change.to === 'totp' ? t('two_factor_use_app') : change.to === 'email' ? t('two_factor_use_email') : t('two_factor_turn_off')}
          </h3>
          {change.to === 'totp' &&
            (totp ? (
              <div className="totp-setup">
                <QrCodeBlock uri={totp.uri} secret={totp.secret} />
              </div>
            ) : (
              <p role="status">{t('two_factor_preparing')}</p>
            ))}
          {codeSource === 'email' && <p>{t('two_factor_email_sent', { email })}</p>}
          <CodeField shown={check.shown} value={code} onChange={setCode} description={codeSource === 'app' ? t('two_factor_app') : expiry} />
          <div className="form-actions start">
            <Button type="submit" className="button primary" isDisabled={status.status === 'pending'}>
              {change.to === 'off' ? t('two_factor_turn_off') : t('two_factor_turn_on')}
            </Button>
            {codeSource === 'email' && (
              <Button className="button secondary" onPress={() => sendCode.submit({})}>
                {t('two_factor_send_again')}
              </Button>
            )}
            <Button className="button ghost" onPress={cancel}>
              {t('cancel')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
};

const QrCodeBlock = ({ uri, secret }: { uri: string; secret: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('two_factor_scan')}</p>
      <QrCode value={uri} alt={t('two_factor_qr_alt')} />
      <p>
        {t('two_factor_manual')} <code className="totp-secret">{secret}</code>
      </p>
    </>
  );
};
