import { useTranslation } from '../../hooks/translation';
import { ChoiceSelect } from '../../components/ChoiceSelect';
import { Button } from 'react-aria-components';
import type { AppState } from '../../../domain/app/state';
import { DEFAULT_DEPARTMENT_ID } from '../../../domain/session/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useSection } from '../../hooks/resources';
import { Link } from 'react-router-dom';

const selectView = (s: AppState) => s.session;

/**
 * Whose dashboards are on screen (SPEC section 4, view as). The first primary department is
 * one's own view; choosing another fetches a token limited to that group. While viewing as a
 * group, every tab says so in a banner with the way back.
 */
export const ViewAsBar = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const session = useSelector(selectView);
  const departments = session.primaryDepartments;
  const offerable = departments.length >= 2 && !session.viewingAs;
  // The organisation's consent decides whether any group can be viewed: without it, say so and
  // who can give it, rather than list groups the server will refuse.
  const info = useSection('orgInfo', undefined, undefined, offerable);
  if (departments.length < 2 && !session.viewingAs) return null;
  // Until the consent is known, offer nothing that could be refused a moment later.
  if (offerable && (info.data === null || info.data === undefined) && info.status !== 'error') return null;
  if (offerable && info.data?.view_as_consent === false) {
    const administrator = session.user?.role === 'admin';
    return (
      <div className="view-as-bar" role="region" aria-label={t('view_as_region')}>
        <p className="muted view-as-off">
          {administrator ? t('view_as_off_administrator') : t('view_as_off')}{' '}
          {administrator && <Link to="/dashboard/organization-settings">{t('organization_settings')}</Link>}
        </p>
      </div>
    );
  }
  const [own, ...others] = departments;
  const current = session.viewingAs ? departments.find((d) => d.id === session.departmentId) : undefined;
  const selected = session.viewingAs ? session.departmentId : DEFAULT_DEPARTMENT_ID;
  const choices = [{ id: DEFAULT_DEPARTMENT_ID, name: t('view_as_own', { name: own?.name ?? '' }) }, ...others];
  return (
    <div className={session.viewingAs ? 'view-as-bar viewing' : 'view-as-bar'} role="region" aria-label={t('view_as_region')}>
      {session.viewingAs && (
        <p role="status" className="view-as-status">
          {t('view_as_active', { name: current?.name ?? '' })}
        </p>
      )}
      <ChoiceSelect
        className="inline-field"
        label={t('view_as_label')}
        value={selected}
        items={choices}
        onChange={(departmentId) => dispatch({ type: 'session/viewAs', departmentId })}
      />
      {session.viewingAs && (
        <Button className="button" onPress={() => dispatch({ type: 'session/viewAs', departmentId: DEFAULT_DEPARTMENT_ID })}>
          {t('view_as_back')}
        </Button>
      )}
    </div>
  );
};
