import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The content of each dashboard page, by page key ('section' or 'section/subsection'). Each
 * is its own chunk, so a person only downloads the pages they open. Pages not listed show
 * the empty state.
 */
export const PAGE_CONTENT: Readonly<Record<string, LazyExoticComponent<ComponentType<{ page: string }>>>> = {
  'control-panel/members-management': lazy(() => import('../control-panel/MembersManagement').then((m) => ({ default: m.MembersManagement }))),
  'control-panel/surveys-management': lazy(() => import('../control-panel/SurveysManagement').then((m) => ({ default: m.SurveysManagement }))),
};
