import { lazyNamed, type LazyPage } from '../../app/lazyPage';
import { lazyNamedWithTexts } from '../../app/pageTexts';

/**
 * The content of each dashboard page, by page key ('section' or 'section/subsection'). Each
 * is its own chunk, so a person only downloads the pages they open. Pages not listed show
 * the empty state. A page whose English texts are not in the first load fetches its part of the
 * catalogue with its chunk (lazyNamedWithTexts). Not React.lazy: its Suspense boundary would
 * hold the page (and so its statistics requests) back for a while after the chunk arrived.
 */
export const PAGE_CONTENT: Readonly<Record<string, LazyPage<{ page: string }>>> = {
  home: lazyNamed(() => import('../dashboards/HomePage'), 'HomePage'),
  overview: lazyNamed(() => import('../dashboards/OverviewPage'), 'OverviewPage'),
  demographics: lazyNamed(() => import('../dashboards/DemographicsPage'), 'DemographicsPage'),
  'country-birth': lazyNamed(() => import('../dashboards/CountryBirthPage'), 'CountryBirthPage'),
  languages: lazyNamed(() => import('../dashboards/LanguagesPage'), 'LanguagesPage'),
  worldviews: lazyNamed(() => import('../dashboards/WorldviewsPage'), 'WorldviewsPage'),
  'cultural-heritage': lazyNamed(() => import('../dashboards/CulturalHeritagePage'), 'CulturalHeritagePage'),
  'extra-survey': lazyNamedWithTexts(() => import('../extraSurvey/ExtraSurveyPage'), 'ExtraSurveyPage', () => import('../../../domain/i18n/en.extraSurvey').then((part) => part.enExtraSurvey)),
  reports: lazyNamedWithTexts(() => import('../reports/ReportsPage'), 'ReportsPage', () => import('../../../domain/i18n/en.reports').then((part) => part.enReports)),
  'compare/internal': lazyNamedWithTexts(() => import('../dashboards/CompareInternalPage'), 'CompareInternalPage', () => import('../../../domain/i18n/en.compareInternal').then((part) => part.enCompareInternal)),
  'compare/external': lazyNamedWithTexts(() => import('../dashboards/CompareExternalPage'), 'CompareExternalPage', () => import('../../../domain/i18n/en.compareExternal').then((part) => part.enCompareExternal)),
  'benchmark/internal': lazyNamedWithTexts(() => import('../dashboards/BenchmarkInternalPage'), 'BenchmarkInternalPage', () => import('../../../domain/i18n/en.benchmark').then((part) => part.enBenchmark)),
  'control-panel/members-management': lazyNamedWithTexts(() => import('../control-panel/MembersManagement'), 'MembersManagement', () => import('../../../domain/i18n/en.members').then((part) => part.enMembers)),
  'control-panel/surveys-management': lazyNamedWithTexts(() => import('../control-panel/SurveysManagement'), 'SurveysManagement', () => import('../../../domain/i18n/en.surveyLinks').then((part) => part.enSurveyLinks)),
  'control-panel/people': lazyNamedWithTexts(() => import('../people/PeoplePage'), 'PeoplePage', () => import('../../../domain/i18n/en.people').then((part) => part.enPeople)),
  'control-panel/campaigns': lazyNamedWithTexts(() => import('../campaigns/CampaignsPage'), 'CampaignsPage', () => import('../../../domain/i18n/en.campaigns').then((part) => part.enCampaigns)),
};

/** The page key of a dashboard address ('/dashboard/overview' is 'overview'; '/dashboard' is home). */
export const pageKeyOf = (pathname: string): string => pathname.toLowerCase().replace(/^\/dashboard\/?/, '').replace(/\/+$/, '') || 'home';
