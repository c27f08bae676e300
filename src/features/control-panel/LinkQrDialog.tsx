import { useTranslation } from '../../hooks/translation';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { TokenLink } from '../../../domain/contracts/tokens';
import { QrCode } from '../../components/QrCode';

/** The link as a QR code, for a conference screen or a printed poster. */
export const LinkQrDialog = ({ link, onClose }: { link: TokenLink; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <ModalOverlay className="modal-overlay" isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable>
      <Modal className="modal">
        <Dialog className="dialog stack centered">
          <Heading slot="title">{t('link_qr_title', { alias: link.alias })}</Heading>
          <QrCode value={link.url} alt={t('link_qr_alt', { alias: link.alias })} />
          <p className="link-url">{link.url}</p>
          <div className="dialog-actions">
            <Button className="button primary" onPress={onClose} autoFocus>{t('close')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};
