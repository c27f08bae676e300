import { useTranslation } from '../hooks/translation';
import { Button } from 'react-aria-components';
import type { AppState } from '../../domain/app/state';
import { useDispatch, useSelector } from '../hooks/runtime';

const selectNotifications = (s: AppState) => s.notifications;

/** Failed calls (SPEC section 8), announced politely and dismissible. */
export const Notifications = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const notifications = useSelector(selectNotifications);
  return (
    <div className="notifications" role="status" aria-live="polite">
      {notifications.map((n) => (
        <div key={n.id} className="notification">
          <span>{n.text ?? t(n.key)}</span>
          <Button className="button ghost small" onPress={() => dispatch({ type: 'notification/dismiss', id: n.id })}>
            {t('dismiss')}
          </Button>
        </div>
      ))}
    </div>
  );
};
