import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The content of each dashboard page, by page key ('section' or 'section/subsection'). Each
 * is its own chunk, so a person only downloads the pages they open. Pages not listed show
 * the empty state.
 */
export const PAGE_CONTENT: Readonly<Record<string, LazyExoticComponent<ComponentType<{ page: string }>>>> = {
  home: lazy(() => import('../dashboards/HomePage').then((m) => ({ default: m.HomePage }))),
  overview: lazy(() => import('../dashboards/OverviewPage').then((m) => ({ default: m.OverviewPage }))),
  demographics: lazy(() => import('../dashboards/DemographicsPage').then((m) => ({ default: m.DemographicsPage }))),
  'country-birth': lazy(() => import('../dashboards/CountryBirthPage').then((m) => ({ default: m.CountryBirthPage }))),
  languages: lazy(() => import('../dashboards/LanguagesPage').then((m) => ({ default: m.LanguagesPage }))),
  worldviews: lazy(() => import('../dashboards/WorldviewsPage').then((m) => ({ default: m.WorldviewsPage }))),
  'cultural-heritage': lazy(() => import('../dashboards/CulturalHeritagePage').then((m) => ({ default: m.CulturalHeritagePage }))),
  'control-panel/members-management': lazy(() => import('../control-panel/MembersManagement').then((m) => ({ default: m.MembersManagement }))),
  'control-panel/surveys-management': lazy(() => import('../control-panel/SurveysManagement').then((m) => ({ default: m.SurveysManagement }))),
};
