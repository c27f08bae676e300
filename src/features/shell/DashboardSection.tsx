import { useTranslation } from '../../hooks/translation';
import { Navigate, useParams } from 'react-router-dom';
import { DASHBOARD_HOME, dashboardPath, findDashboardPage, firstSubsection, isPageAllowed } from '../../../domain/navigation/routes';
import type { AppState } from '../../../domain/app/state';
import { NotFound } from '../../app/NotFound';
import { useSelector } from '../../hooks/runtime';
import { HeaderActions } from './HeaderActions';
import { PAGE_CONTENT } from './pageContent';

const selectPermissions = (s: AppState) => s.permissions;

export const DashboardSection = () => {
  const { t } = useTranslation();
  const { section = 'home', subsection } = useParams();
  const permissions = useSelector(selectPermissions);

  const page = findDashboardPage(section, subsection);
  if (!page) return <NotFound />;
  // Compare, benchmark and the control panel have no content of their own: open the first sub-page.
  const first = page.item.sub ? firstSubsection(section) : undefined;
  if (first) return <Navigate to={dashboardPath({ section, subsection: first })} replace />;
  if (!isPageAllowed(page, permissions)) return <Navigate to={DASHBOARD_HOME} replace />;

  const pageKey = subsection ? `${section}/${subsection}` : section;
  const Content = PAGE_CONTENT[pageKey]?.Page;
  const title = page.lineage.length > 1 && subsection ? `${t(page.lineage[0].name)}: ${t(page.item.name)}` : t(page.item.name);
  return (
    <>
      <header className="page-header">
        <h1>{title}</h1>
        <HeaderActions actions={page.item.extraHeaders} page={pageKey} />
      </header>
      {Content ? (
        <Content page={pageKey} />
      ) : (
        <section className="empty-state" aria-label={title}>
          <p>{t('section_empty')}</p>
        </section>
      )}
    </>
  );
};
