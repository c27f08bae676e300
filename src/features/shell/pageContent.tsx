import { lazyNamed, type LazyPage } from '../../app/lazyPage';

/**
 * The content of each dashboard page, by page key ('section' or 'section/subsection'). Each
 * is its own chunk, so a person only downloads the pages they open. Pages not listed show
 * the empty state. Not React.lazy: its Suspense boundary would hold the page (and so its
 * statistics requests) back for a while after the chunk arrived.
 */
export const PAGE_CONTENT: Readonly<Record<string, LazyPage<{ page: string }>>> = {
  home: lazyNamed(() => import('../dashboards/HomePage'), 'HomePage'),
  overview: lazyNamed(() => import('../dashboards/OverviewPage'), 'OverviewPage'),
  demographics: lazyNamed(() => import('../dashboards/DemographicsPage'), 'DemographicsPage'),
  'country-birth': lazyNamed(() => import('../dashboards/CountryBirthPage'), 'CountryBirthPage'),
  languages: lazyNamed(() => import('../dashboards/LanguagesPage'), 'LanguagesPage'),
  worldviews: lazyNamed(() => import('../dashboards/WorldviewsPage'), 'WorldviewsPage'),
  'cultural-heritage': lazyNamed(() => import('../dashboards/CulturalHeritagePage'), 'CulturalHeritagePage'),
  'extra-survey': lazyNamed(() => import('../extraSurvey/ExtraSurveyPage'), 'ExtraSurveyPage'),
  reports: lazyNamed(() => import('../reports/ReportsPage'), 'ReportsPage'),
  'compare/internal': lazyNamed(() => import('../dashboards/CompareInternalPage'), 'CompareInternalPage'),
  'compare/external': lazyNamed(() => import('../dashboards/CompareExternalPage'), 'CompareExternalPage'),
  'benchmark/internal': lazyNamed(() => import('../dashboards/BenchmarkInternalPage'), 'BenchmarkInternalPage'),
  'control-panel/members-management': lazyNamed(() => import('../control-panel/MembersManagement'), 'MembersManagement'),
  'control-panel/surveys-management': lazyNamed(() => import('../control-panel/SurveysManagement'), 'SurveysManagement'),
};

/** The page key of a dashboard address ('/dashboard/overview' is 'overview'; '/dashboard' is home). */
export const pageKeyOf = (pathname: string): string => pathname.toLowerCase().replace(/^\/dashboard\/?/, '').replace(/\/+$/, '') || 'home';
