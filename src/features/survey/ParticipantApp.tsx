import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../hooks/translation';
import { isParticipantPage } from '../../../domain/navigation/participant';
import SurveyPage from './SurveyPage';
import { usePathname, useQueryParams } from './location';
import { BrandHeader } from '../../components/BrandHeader';
import { LanguageChoice } from './LanguageChoice';

// The emailed links' pages are a chunk of their own: a survey link downloads none of them.
const editPages = () => import('./EditPages');
const CheckEditSurveyPage = lazy(() => editPages().then((m) => ({ default: m.CheckEditSurveyPage })));
const UpdateSurveyPage = lazy(() => editPages().then((m) => ({ default: m.UpdateSurveyPage })));
const DeleteSurveyPage = lazy(() => editPages().then((m) => ({ default: m.DeleteSurveyPage })));

/** Leaves for the dashboards' application (a full load: it is another page). */
const Leave = ({ to }: { to: string }) => {
  useEffect(() => window.location.replace(to), [to]);
  return null;
};

const Layout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <BrandHeader name={t('app_name')} />
      <main className="auth-card">{children}</main>
      {/* After the survey in the reading and tab order: moving through the questions never lands on it. */}
      <footer className="participant-footer">
        <LanguageChoice />
      </footer>
    </div>
  );
};

/**
 * The participant's application: the survey and the pages of the emailed edit and delete
 * links, chosen by the path. SPEC section 2: `/` without a link goes to the sign-in page,
 * `/register` without an invitation to /invalid-invitation-token.
 */
export const ParticipantApp = () => {
  const { t } = useTranslation();
  const pathname = usePathname();
  const [params] = useQueryParams();
  const token = params.get('token') ?? '';
  if (!isParticipantPage(pathname, window.location.search)) return <Leave to={`${pathname}${window.location.search}`} />;
  if (pathname === '/register' && token === '') return <Leave to="/invalid-invitation-token" />;
  const page =
    pathname === '/check-edit-survey' ? <CheckEditSurveyPage token={token} /> :
    pathname === '/update-survey' ? <UpdateSurveyPage token={token} /> :
    pathname === '/delete-survey' ? <DeleteSurveyPage token={token} /> :
    <SurveyPage />;
  return (
    <Layout>
      <Suspense fallback={<p aria-busy="true">{t('survey_loading')}</p>}>{page}</Suspense>
    </Layout>
  );
};
