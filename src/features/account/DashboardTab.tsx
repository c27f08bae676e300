import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import type { BannerChoice } from '../../../domain/contracts/auth';
import type { MessageKey } from '../../../domain/i18n/en';
import { BANNER_PANELS } from '../../../domain/navigation/menu';
import { useSelector } from '../../hooks/runtime';
import { useAction } from '../../hooks/resources';
import { FormAlert, FormDone, SaveActions, useFormCheck } from '../forms/formParts';

type Panel = (typeof BANNER_PANELS)[number];

// The control panel is called 'coordinator' in the sidebar.
const panelName = (panel: Panel): MessageKey => (panel === 'control-panel' ? 'coordinator' : panel);

const CHOICES: readonly { id: BannerChoice; label: MessageKey }[] = [
  { id: 'hideAlways', label: 'banner_hide_always' },
  { id: 'showAlways', label: 'banner_show_always' },
  { id: 'showOnce', label: 'banner_show_once' },
];

const selectBanners = (s: AppState) => s.session.user?.setting.banners ?? null;

const bannerDraft = (saved: Readonly<Record<string, BannerChoice>> | null): Record<string, BannerChoice> => ({
  ...saved,
  ...Object.fromEntries(BANNER_PANELS.map((panel) => [panel, saved?.[panel] ?? 'hideAlways'])),
});

const BannerForm = ({ saved }: { saved: Readonly<Record<string, BannerChoice>> | null }) => {
  const { t } = useTranslation();
  const save = useAction('saveSetting');
  const status = save.state;
  const [banners, setBanners] = useState(() => bannerDraft(saved));
  const check = useFormCheck(status);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.submit({ banners });
  };

  return (
    <Form {...check.formProps} onSubmit={submit} className="stack" aria-labelledby="banners-heading">
      <h2 id="banners-heading">{t('banners_title')}</h2>
      <p className="muted">{t('banners_intro')}</p>
      <FormAlert status={status} />
      <FormDone status={status} text={t('saved')} />
      <div className="banner-list">
        {BANNER_PANELS.map((panel) => (
          <RadioGroup
            key={panel}
            name={`banner-${panel}`}
            value={banners[panel]}
            onChange={(value) => setBanners((b) => ({ ...b, [panel]: value as BannerChoice }))}
            orientation="horizontal"
            className="banner-row"
          >
            <Label>{t(panelName(panel))}</Label>
            <div className="choice-row">
              {CHOICES.map((choice) => (
                <Radio key={choice.id} value={choice.id}>
                  {t(choice.label)}
                </Radio>
              ))}
            </div>
          </RadioGroup>
        ))}
      </div>
      <SaveActions status={status} />
    </Form>
  );
};

/** Per-panel banner choices (SPEC section 3); hideAlways unless the person chose otherwise. */
export const DashboardTab = () => {
  const saved = useSelector(selectBanners);
  return <BannerForm key={saved ? 'user' : 'nobody'} saved={saved} />;
};
