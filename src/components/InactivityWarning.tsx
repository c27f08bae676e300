import { useTranslation } from '../hooks/translation';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { AppState } from '../../domain/app/state';
import { useDispatch, useSelector } from '../hooks/runtime';

const selectWarning = (s: AppState) => s.session.inactivityWarning;

/** Two minutes before the automatic logout (SPEC section 4); staying resets every tab's timers. */
export const InactivityWarning = () => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const open = useSelector(selectWarning);
  const stay = () => dispatch({ type: 'session/stayActive' });
  return (
    <ModalOverlay className="modal-overlay" isOpen={open} onOpenChange={(isOpen) => !isOpen && stay()} isDismissable>
      <Modal className="modal">
        <Dialog role="alertdialog" className="dialog stack" aria-labelledby="inactivity-heading">
          <Heading slot="title" id="inactivity-heading">{t('inactivity_title')}</Heading>
          <p>{t('inactivity_warning')}</p>
          <div className="dialog-actions">
            <Button className="button primary" onPress={stay} autoFocus>
              {t('stay_signed_in')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};
