import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Dialog, FieldError, Form, Heading, Label, Modal, ModalOverlay, Text, TextArea, TextField } from 'react-aria-components';
import { isValidEmail } from '../../../domain/session/email';
import { LINK_EMAILS_MAX, type TokenLink } from '../../../domain/contracts/tokens';
import { useAction } from '../../hooks/resources';
import { FormAlert, FormDone, useFormCheck } from '../forms/formParts';

/** SPEC section 9: the list separator is a comma; new lines and semicolons are forgiven. */
export const splitAddresses = (text: string): string[] =>
  text.split(/[,;\n]/).map((part) => part.trim()).filter((part) => part.length > 0);

/** Emails the link to a list of addresses. */
export const LinkEmailDialog = ({ link, onClose }: { link: TokenLink; onClose: () => void }) => {
  const { t } = useTranslation();
  const send = useAction('emailLink');
  const [addresses, setAddresses] = useState('');
  const [message, setMessage] = useState('');
  const check = useFormCheck(send.state);
  const list = splitAddresses(addresses);
  const wrong = list.filter((address) => !isValidEmail(address));
  const problem = list.length === 0 || list.length > LINK_EMAILS_MAX ? t('link_email_count', { max: LINK_EMAILS_MAX }) : wrong.length > 0 ? t('link_email_invalid', { addresses: wrong.join(', ') }) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem) return check.refuse();
    send.submit({ token_id: link.id, emails: list, ...(message.trim() ? { message: message.trim() } : {}) });
  };
  const queued = send.state.data?.queued ?? 0;
  return (
    <ModalOverlay className="modal-overlay" isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable>
      <Modal className="modal wide">
        <Dialog className="dialog">
          <Form {...check.formProps} onSubmit={submit} className="stack">
            <Heading slot="title">{t('link_email_title', { alias: link.alias })}</Heading>
            <FormAlert status={send.state} />
            <FormDone status={send.state} text={t('link_email_sent', { count: queued })} />
            <TextField name="emails" value={addresses} onChange={setAddresses} isRequired className="field" validate={() => (check.attempted ? problem : null)}>
              <Label>{t('link_email_addresses')}</Label>
              <TextArea rows={4} />
              <Text slot="description">{t('link_email_addresses_help')}</Text>
              <FieldError />
            </TextField>
            <TextField name="message" value={message} onChange={setMessage} className="field">
              <Label>{t('link_email_message')}</Label>
              <TextArea rows={3} maxLength={1000} />
              <FieldError />
            </TextField>
            <div className="dialog-actions">
              <Button className="button" onPress={onClose}>{t('close')}</Button>
              <Button type="submit" className="button primary" isDisabled={send.state.status === 'pending'}>{t('link_email_send')}</Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};
