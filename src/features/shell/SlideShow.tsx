import { ChoiceSelect } from '../../components/ChoiceSelect';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Checkbox, CheckboxGroup, Dialog, DialogTrigger, Heading, Label, Modal, ModalOverlay } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import type { AppState } from '../../../domain/app/state';
import { EXPORT_PAGES, type ExportPage } from '../../../domain/contracts/exports';
import type { Count, Headline } from '../../../domain/contracts/statistics';
import type { CrossTable, Distribution, StatTree } from '../../../domain/contracts/stats';
import { FILTER_KEYS, type Filters } from '../../../domain/filters/model';
import { KEY_FACT_SECTIONS, type KeyFact, isKeyFactPage, keyFactsOf } from '../../../domain/keyfacts/facts';
import { keyFactSentence } from '../../../domain/keyfacts/wording';
import { DEFAULT_SLIDE_SHOW, SLIDE_INTERVALS, type CardSlide, type Slide, type SlideShowSetting, isChartCard, offeredCards, slidesOf } from '../../../domain/slideshow/slides';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useSection } from '../../hooks/resources';
import { Bar } from '../charts/Bar';
import { Pyramid } from '../charts/Pyramid';
import { StackedBar } from '../charts/StackedBar';
import { Tree } from '../charts/Tree';
import { transpose } from '../charts/format';
import { ChartScale } from '../charts/ChartFrame';
import { useNumbers } from '../charts/useNumbers';
import { localiseLabels, useChartLabels, useLocalNames } from '../charts/localNames';
import { sectionNameOf } from '../dashboards/KeyFacts';
import { CountFigure, DistributionChart, HeadlineFigures, StatCard } from '../dashboards/StatCard';

const selectShow = (s: AppState) => s.slideShow;
const selectSaved = (s: AppState) => s.session.user?.setting.slide_show ?? DEFAULT_SLIDE_SHOW;
const selectFilters = (s: AppState) => s.filters.active;
const selectOrganization = (s: AppState) => s.session.organization?.name ?? '';

/** The chart a card's figures call for, from their shape: the same chart components as the dashboards. */
const SlideChart = ({ data, title, card }: { data: unknown; title: string; card: string }) => {
  const value = data as Record<string, unknown>;
  if (typeof value.count === 'number') return <CountFigure data={data as Count} />;
  if (Array.isArray(value.items)) return <HeadlineFigures data={data as Headline} />;
  if (Array.isArray(value.nodes)) return <Tree title={title} data={data as StatTree} />;
  if (Array.isArray(value.rows)) {
    const table = transpose(data as CrossTable);
    return card === 'overview/gender-age-range' ? <Pyramid title={title} data={table} /> : <StackedBar title={title} data={table} genders max={12} />;
  }
  const distribution = data as Distribution;
  return distribution.cells.length > 8 ? <Bar title={title} data={distribution} max={12} /> : <DistributionChart title={title} data={distribution} genders={card.includes('gender') || card.includes('woman')} />;
};

/** One key fact of the slide's page (the slides of a page take its facts in turn). */
const SlideFact = ({ page, turn }: { page: ExportPage; turn: number }) => {
  const { t } = useTranslation();
  const n = useNumbers();
  const paths = isKeyFactPage(page) ? KEY_FACT_SECTIONS[page] : [];
  const sections = paths.map((path) => [path, useSection(sectionNameOf(path), {}, page)] as const);
  const labels = useChartLabels();
  const released = localiseLabels(Object.fromEntries(sections.map(([path, section]) => [path, section.data])), labels.names, labels.facts, labels.fixed);
  const facts = isKeyFactPage(page) ? keyFactsOf(page, released) : [];
  if (facts.length === 0) return <p className="slide-fact" />;
  const fact: KeyFact = facts[turn % facts.length]!;
  const sentence = keyFactSentence(fact, (key, values) => t(key, values), n);
  return (
    <p className="slide-fact">
      <span className="slide-fact-label">{t('key_facts_title')}: </span>
      {sentence}
    </p>
  );
};

/** The filters and the date range the figures are shown with. */
const ShownFilters = () => {
  const { t } = useTranslation();
  const filters = useSelector(selectFilters);
  const ranges = useSection('dateRanges');
  const genders = useSection('filterGenders');
  const levels = useSection('filterPositionLevels');
  const names = useLocalNames();
  const named = (ids: readonly string[] | undefined, list: readonly { principleId: number; value: string }[] | null) =>
    (ids ?? []).map((id) => names?.get(id) ?? list?.find((item) => String(item.principleId) === id)?.value ?? id).join(', ');
  const tag = filters['date-tag'];
  const range = tag === undefined ? t('date_range_all') : (ranges.data?.find((item) => item.id === tag)?.label ?? tag);
  const parts = FILTER_KEYS.filter((key) => key !== 'date-tag' && filters[key] !== undefined && filters[key] !== '' && !(Array.isArray(filters[key]) && filters[key].length === 0)).map((key) => {
    const value = filters[key as keyof Filters];
    const text =
      key === 'gender' ? named(filters.gender, genders.data)
        : key === 'position-level' ? named(filters['position-level'], levels.data)
          : key === 'disability' || key === 'lgbtiq' ? t(value === 'yes' ? 'filter_yes' : 'filter_no')
            : Array.isArray(value) ? value.join(', ') : String(value);
    return `${t(`filter.${key}`)}: ${text}`;
  });
  return (
    <p className="slide-filters" data-testid="slide-filters">
      <span>{t('date_range')}: {range}</span>
      <span>{t('filters')}: {parts.length === 0 ? t('slide_show_no_filters') : parts.join(' · ')}</span>
    </p>
  );
};

/** Pages, order and interval of the show: saved in the person's settings. */
const SettingsDialog = ({ setting }: { setting: SlideShowSetting }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [pages, setPages] = useState<ExportPage[]>(setting.pages);
  const [interval, setIntervalSeconds] = useState(setting.interval);
  // The picked cards; a page newly ticked brings its chart cards, a page unticked takes its cards away.
  const [cards, setCards] = useState<string[]>(setting.cards ?? offeredCards(setting.pages).filter(({ card }) => isChartCard(card)).map(({ card }) => card.key));
  const offered = offeredCards(pages);
  const pickedCards = cards.filter((key) => offered.some(({ card }) => card.key === key));
  const move = (page: ExportPage, by: number) =>
    setPages((current) => {
      const at = current.indexOf(page);
      const to = at + by;
      if (at < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[at], next[to]] = [next[to]!, next[at]!];
      return next;
    });
  return (
    <ModalOverlay className="modal-overlay" isDismissable>
      {/* Wide and scrolling: with a card list per page it is taller than a phone's screen. */}
      <Modal className="modal wide">
        <Dialog className="dialog stack" aria-labelledby="slide-settings-heading">
          {({ close }) => (
            <>
              <Heading slot="title" id="slide-settings-heading">{t('slide_show_settings')}</Heading>
              <CheckboxGroup
                className="field"
                value={pages}
                onChange={(chosen) => {
                  const added = EXPORT_PAGES.filter((page) => chosen.includes(page) && !pages.includes(page));
                  setPages([...pages.filter((page) => chosen.includes(page)), ...added]);
                  setCards((current) => [...current, ...offeredCards(added).filter(({ card }) => isChartCard(card)).map(({ card }) => card.key)]);
                }}
              >
                <Label>{t('slide_show_pages')}</Label>
                <div className="choice-grid">
                  {EXPORT_PAGES.map((page) => (
                    <Checkbox key={page} value={page}>{t(page)}</Checkbox>
                  ))}
                </div>
              </CheckboxGroup>
              <div className="stack">
                <h3 className="field-label">{t('slide_show_order')}</h3>
                <ol className="slide-order">
                  {pages.map((page, index) => (
                    <li key={page}>
                      <span>{t(page)}</span>
                      <Button className="button ghost small" isDisabled={index === 0} aria-label={t('slide_show_move_up', { page: t(page) })} onPress={() => move(page, -1)}>↑</Button>
                      <Button className="button ghost small" isDisabled={index === pages.length - 1} aria-label={t('slide_show_move_down', { page: t(page) })} onPress={() => move(page, 1)}>↓</Button>
                    </li>
                  ))}
                </ol>
              </div>
              <CheckboxGroup className="field" value={pickedCards} onChange={setCards}>
                <Label>{t('slide_show_cards')}</Label>
                {pages.map((page) => (
                  <fieldset key={page} className="slide-cards">
                    <legend>{t(page)}</legend>
                    <div className="choice-grid">
                      {offered.filter((entry) => entry.page === page).map(({ card }) => (
                        <Checkbox key={card.key} value={card.key}>{t(card.title)}</Checkbox>
                      ))}
                    </div>
                  </fieldset>
                ))}
              </CheckboxGroup>
              <ChoiceSelect
                look="toolbar"
                label={t('slide_show_interval')}
                value={String(interval)}
                items={SLIDE_INTERVALS.map((seconds) => ({ id: String(seconds), name: t('slide_show_seconds', { seconds }) }))}
                onChange={(key) => setIntervalSeconds(Number(key))}
              />
              {pages.length === 0 ? <p className="form-error" role="alert">{t('slide_show_pick_one')}</p>
                : pickedCards.length === 0 && <p className="form-error" role="alert">{t('slide_show_pick_card')}</p>}
              <div className="dialog-actions">
                <Button className="button ghost" onPress={close}>{t('close')}</Button>
                <Button
                  className="button primary"
                  isDisabled={pages.length === 0 || pickedCards.length === 0}
                  onPress={() => {
                    dispatch({ type: 'slideShow/configure', setting: { pages, interval, cards: pickedCards } });
                    close();
                  }}
                >
                  {t('slide_show_save')}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};

/** How much larger than on the dashboards a slide shows its chart: readable across a room at 1280 × 720. */
const SLIDE_CHART_SCALE = 1.5;

/** The opening slide: whose figures, which selection, and when they were shown. */
const TitleSlideView = () => {
  const { t, language } = useTranslation();
  const organization = useSelector(selectOrganization);
  const today = new Intl.DateTimeFormat(language === 'au' ? 'en-AU' : language, { dateStyle: 'long' }).format(new Date());
  return (
    <div className="slide slide-title" data-slide="title">
      <h2 className="slide-title-name">{organization}</h2>
      <p className="slide-title-subtitle">{t('slide_show_title_slide')}</p>
      <ShownFilters />
      <p className="slide-title-date">{t('slide_show_made_on', { date: today })}</p>
    </div>
  );
};

const CardSlideView = ({ slide, turn }: { slide: CardSlide; turn: number }) => {
  const { t } = useTranslation();
  const name = sectionNameOf(slide.card);
  return (
    <div className="slide" key={`${slide.page} ${slide.card}`} data-slide={slide.card}>
      <p className="slide-page">{t(slide.page)}</p>
      <ChartScale.Provider value={SLIDE_CHART_SCALE}>
        <StatCard key={slide.card} name={name} title={t(slide.title)} page={slide.page} exportable={false} wide>
          {(data, title) => <SlideChart data={data} title={title} card={slide.card} />}
        </StatCard>
      </ChartScale.Provider>
      <SlideFact key={slide.page} page={slide.page} turn={turn} />
    </div>
  );
};

const SlideView = ({ slide, turn }: { slide: Slide; turn: number }) =>
  slide.kind === 'title' ? <TitleSlideView /> : <CardSlideView slide={slide} turn={turn} />;

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.closest('input, textarea, select, [role="listbox"], [role="dialog"]') !== null || target.isContentEditable);

/**
 * The slide show (issue 17): every card of the chosen dashboard pages as a slide, full screen,
 * for a conference screen. Keys: → or PageDown next, ← or PageUp previous, Space pause or
 * play, Home and End, Escape leaves. Where it stands and whether it plays are the slideShow
 * slice's; the timer is an effect; the pages, order and interval are the person's settings.
 */
export const SlideShow = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const show = useSelector(selectShow);
  const saved = useSelector(selectSaved);
  const headingId = useId();
  const root = useRef<HTMLElement>(null);
  useLocalNames(true);

  useEffect(() => {
    dispatch({ type: 'slideShow/start' });
    return () => dispatch({ type: 'slideShow/leave' });
  }, [dispatch]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const onButton = event.target instanceof HTMLElement && event.target.closest('button') !== null;
      switch (event.key) {
        case 'ArrowRight':
        case 'PageDown':
          dispatch({ type: 'slideShow/next' });
          break;
        case 'ArrowLeft':
        case 'PageUp':
          dispatch({ type: 'slideShow/previous' });
          break;
        case 'Home':
          dispatch({ type: 'slideShow/goTo', index: 0 });
          break;
        case 'End':
          dispatch({ type: 'slideShow/goTo', index: Math.max(0, show.count - 1) });
          break;
        case ' ':
          // Space on a button presses that button.
          if (onButton) return;
          dispatch({ type: show.playing ? 'slideShow/pause' : 'slideShow/play' });
          break;
        case 'Escape':
          if (document.fullscreenElement) return;
          navigate('/dashboard/home');
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, navigate, show.playing, show.count]);

  const slides = slidesOf(show.running ? show.setting : saved);
  const slide = slides[Math.min(show.index, slides.length - 1)];
  const turn = slide === undefined || slide.kind === 'title' ? 0 : slides.filter((other, at) => other.kind === 'card' && other.page === slide.page && at < show.index).length;
  const position = t('slide_show_position', { current: show.index + 1, total: slides.length });

  return (
    <section ref={root} className="slide-show" aria-labelledby={headingId} data-playing={show.playing || undefined} style={{ ['--slide-interval' as string]: `${show.setting.interval}s` }}>
      <header className="slide-show-bar">
        <h1 id={headingId} className="slide-show-title">{t('slide_show')}</h1>
        <ShownFilters />
        <div className="slide-controls" role="toolbar" aria-label={t('slide_show_controls')}>
          <Button className="button secondary" onPress={() => dispatch({ type: 'slideShow/previous' })}>{t('slide_show_previous')}</Button>
          <Button className="button secondary" onPress={() => dispatch({ type: show.playing ? 'slideShow/pause' : 'slideShow/play' })}>
            {show.playing ? t('slide_show_pause') : t('slide_show_play')}
          </Button>
          <Button className="button secondary" onPress={() => dispatch({ type: 'slideShow/next' })}>{t('slide_show_next')}</Button>
          <DialogTrigger>
            <Button className="button ghost">{t('slide_show_settings')}</Button>
            <SettingsDialog setting={show.running ? show.setting : saved} />
          </DialogTrigger>
          <Button
            className="button ghost"
            onPress={() => {
              if (document.fullscreenElement) void document.exitFullscreen();
              else void root.current?.requestFullscreen?.().catch(() => undefined);
            }}
          >
            {t('slide_show_full_screen')}
          </Button>
          <Button className="button ghost" onPress={() => navigate('/dashboard/home')}>{t('slide_show_leave')}</Button>
        </div>
      </header>
      <div
        className="slide-progress"
        role="progressbar"
        aria-label={t('slide_show_progress')}
        aria-valuemin={1}
        aria-valuemax={Math.max(1, slides.length)}
        aria-valuenow={show.index + 1}
        aria-valuetext={position}
      >
        <div className="slide-progress-done" style={{ width: `${slides.length === 0 ? 0 : ((show.index + 1) / slides.length) * 100}%` }} />
        {show.playing && <div key={show.moves} className="slide-progress-timer" />}
      </div>
      <p className="slide-position" aria-live={show.playing ? 'off' : 'polite'}>
        {position}
        {!show.playing && ` · ${t('slide_show_paused')}`}
      </p>
      {slide !== undefined && <SlideView key={slide.kind === 'title' ? 'title' : `${slide.page} ${slide.card}`} slide={slide} turn={turn} />}
    </section>
  );
};
