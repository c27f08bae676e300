import { useTranslation } from '../hooks/translation';
import { Button } from 'react-aria-components';
import type { AppState } from '../../domain/app/state';
import { useDispatch, useSelector } from '../hooks/runtime';

const selectLogoutAlert = (s: AppState) => s.session.logoutAlert;
const selectReason = (s: AppState) => s.session.lastSignOut;

/** Tells the person why they were signed out when it was not their own doing. */
export const LogoutAlert = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const reason = useSelector(selectReason);
  if (!useSelector(selectLogoutAlert)) return null;
  return (
    <div className="logout-alert" role="alert">
      <span>{reason === 'otherTab' ? t('signed_out_other_tab') : t('auto-logout-message')}</span>
      <Button className="button ghost small" onPress={() => dispatch({ type: 'session/dismissLogoutAlert' })}>
        {t('dismiss')}
      </Button>
    </div>
  );
};
