import { ChoiceSelect, choicesOfTree } from '../../components/ChoiceSelect';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/translation';
import { Button, Dialog, FieldError, Form, Heading, Input, Label, Modal, ModalOverlay, Radio, RadioGroup, Text, TextField } from 'react-aria-components';
import { LINK_MAX_DAYS, type TokenLink } from '../../../domain/contracts/tokens';
import { useAction, useSection } from '../../hooks/resources';
import { FormAlert, useFormCheck } from '../forms/formParts';
import { ALIAS_LIMIT } from '../../../domain/contracts/textLimits';
import { limitProblem } from '../forms/textLimits';
import { defaultExpiry, fromUtcInput, toUtcInput } from './linkTimes';

const WHOLE_ORGANISATION = 'whole';

/** The groups and their sub-groups as one indented list of choices. */
/** Create a survey link, or change one: alias, group, anonymity, expiry in UTC (at most two weeks) and seats. */
export const LinkFormDialog = ({ link, onClose }: { link: TokenLink | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const save = useAction('saveToken');
  const groups = useSection('selectionGroups');
  const [alias, setAlias] = useState(link?.alias ?? '');
  const [group, setGroup] = useState<string>(link?.department?.id ?? WHOLE_ORGANISATION);
  const [anonymity, setAnonymity] = useState(String(link?.anonymity ?? 1));
  const [expires, setExpires] = useState(link ? toUtcInput(new Date(link.expires_at)) : defaultExpiry(new Date()));
  const [capacity, setCapacity] = useState(String(link?.capacity ?? 50));
  const check = useFormCheck(save.state);

  useEffect(() => {
    if (save.state.status === 'done') onClose();
  }, [save.state.status, onClose]);

  const aliasProblem = alias.trim() === '' ? 'link_alias_required' : limitProblem(ALIAS_LIMIT, alias);
  // Letters a person cannot put in an alias are said as they type, not at Save.
  const aliasBroken = limitProblem(ALIAS_LIMIT, alias);
  const capacityProblem = /^\d+$/.test(capacity.trim()) ? null : 'link_capacity_invalid';
  const expiryProblem = expires === '' ? 'link_expiry_required' : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (aliasProblem || capacityProblem || expiryProblem) return check.refuse();
    save.submit({
      ...(link ? { id: link.id } : {}),
      alias: alias.trim(),
      department_id: group === WHOLE_ORGANISATION ? null : group,
      anonymity: Number(anonymity),
      expires_at: fromUtcInput(expires),
      capacity: Number(capacity.trim()),
    });
  };

  const choices = [{ id: WHOLE_ORGANISATION, name: t('link_whole_organisation'), depth: 0 }, ...choicesOfTree(groups.data ?? [])];
  return (
    <ModalOverlay className="modal-overlay" isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable>
      <Modal className="modal wide">
        <Dialog className="dialog">
          <Form {...check.formProps} onSubmit={submit} className="stack">
            <Heading slot="title">{link ? t('link_edit_title', { alias: link.alias }) : t('link_create')}</Heading>
            <FormAlert status={save.state} />
            <TextField name="alias" value={alias} onChange={setAlias} isRequired className="field" autoFocus
              validate={() => (aliasBroken ? t(aliasBroken) : check.shown(aliasProblem))}>
              <Label>{t('link_alias')}</Label>
              <Input maxLength={ALIAS_LIMIT.max} />
              <Text slot="description">{t('link_alias_help')}</Text>
              <FieldError />
            </TextField>
            <ChoiceSelect name="department_id" label={t('link_group')} value={group} items={choices} onChange={setGroup} />
            <RadioGroup value={anonymity} onChange={setAnonymity} className="field" orientation="horizontal">
              <Label>{t('link_anonymity')}</Label>
              <Radio value="1">{t('link_anonymous')}</Radio>
              <Radio value="0">{t('link_named')}</Radio>
            </RadioGroup>
            <TextField name="expires_at" type="datetime-local" value={expires} onChange={setExpires} isRequired className="field"
              validate={() => check.shown(expiryProblem)}>
              <Label>{t('link_expires_utc')}</Label>
              <Input min={toUtcInput(new Date())} max={toUtcInput(new Date(Date.now() + LINK_MAX_DAYS * 86_400_000))} />
              <Text slot="description">{t('link_expires_help')}</Text>
              <FieldError />
            </TextField>
            <TextField name="capacity" value={capacity} onChange={setCapacity} isRequired inputMode="numeric" className="field"
              validate={() => check.shown(capacityProblem)}>
              <Label>{t('link_capacity')}</Label>
              <Input />
              {link && <Text slot="description">{t('link_capacity_help', { used: link.used })}</Text>}
              <FieldError />
            </TextField>
            <div className="dialog-actions">
              <Button className="button" onPress={onClose}>{t('cancel')}</Button>
              <Button type="submit" className="button primary" isDisabled={save.state.status === 'pending'}>{t('save')}</Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
};
