import { useState } from 'react';
import { useTranslation } from '../../hooks/translation';
import {
  Button, Checkbox, CheckboxGroup, Dialog, FieldError, Form, Heading, Input, Label, Modal, ModalOverlay,
  Radio, RadioGroup, Text, TextField,
} from 'react-aria-components';
import { GENERATIONS, filterProblem, type Filters } from '../../../domain/filters/model';
import type { AppState } from '../../../domain/app/state';
import { useDispatch, useSelector } from '../../hooks/runtime';
import { useSection } from '../../hooks/resources';
import { useLocalNames } from '../charts/localNames';
import { useFormCheck } from '../forms/formParts';

const selectFilters = (s: AppState) => s.filters.active;

export const YesNoAny = ({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) => {
  const { t } = useTranslation();
  return (
    <RadioGroup value={value || 'any'} onChange={(v) => onChange(v === 'any' ? '' : v)} orientation="horizontal" className="field">
      <Label>{label}</Label>
      <div className="choice-row">
        <Radio value="any">{t('filter_any')}</Radio>
        <Radio value="yes">{t('filter_yes')}</Radio>
        <Radio value="no">{t('filter_no')}</Radio>
      </div>
    </RadioGroup>
  );
};

type LookupFilterKey = 'position-level' | 'gender';

/** A filter chosen from a lookup list: the option values are the items' principle ids, which the server groups by. */
export const LookupChoices = ({ filter, section, value, onChange }: {
  filter: LookupFilterKey;
  section: 'filterPositionLevels' | 'filterGenders';
  value: readonly string[];
  onChange: (v: string[]) => void;
}) => {
  const { t } = useTranslation();
  const list = useSection(section);
  // The list came in the language of its load; the names follow a later change of language.
  const names = useLocalNames();
  return (
    <CheckboxGroup className="field" value={[...value]} onChange={onChange}>
      <Label>{t(`filter.${filter}`)}</Label>
      {list.status === 'error' ? (
        <p role="alert" className="form-error">{t(list.message ?? 'unknown_error')}</p>
      ) : list.data === null ? (
        <Text slot="description" aria-busy="true">{t('loading')}</Text>
      ) : (
        <div className="choice-grid">
          {list.data.map((item) => (
            <Checkbox key={item.principleId} value={String(item.principleId)}>{names?.get(String(item.principleId)) ?? item.value}</Checkbox>
          ))}
        </div>
      )}
    </CheckboxGroup>
  );
};

/**
 * The panel's form. It is mounted each time the panel opens, so it starts from the filters in
 * force: after Clear filters it opens empty, and a draft left unapplied is not kept.
 */
const FilterForm = ({ close }: { close: () => void }) => {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const active = useSelector(selectFilters);
  const [draft, setDraft] = useState<Filters>(active);
  const problem = filterProblem(draft);
  // The age range is judged when the person applies, not while they are still typing.
  const [shownProblem, setShownProblem] = useState<string | null>(null);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // Applying filters is read on this side only: the mechanism keeps the form like every other.
  const check = useFormCheck();

  return (
    <Form
      {...check.formProps}
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        setShownProblem(problem);
        if (problem) return;
        dispatch({ type: 'filters/apply', filters: draft });
        close();
      }}
    >
      <Heading slot="title" id="filter-heading">{t('filters')}</Heading>
      <LookupChoices filter="position-level" section="filterPositionLevels" value={draft['position-level'] ?? []} onChange={(v) => set('position-level', v)} />
      <LookupChoices filter="gender" section="filterGenders" value={draft.gender ?? []} onChange={(v) => set('gender', v)} />
      <CheckboxGroup
        className="field"
        value={draft.generation ?? []}
        onChange={(v) => set('generation', v as Filters['generation'])}
      >
        <Label>{t('filter.generation')}</Label>
        <div className="choice-row">
          {GENERATIONS.map((g) => (
            <Checkbox key={g} value={g}>{g}</Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      <TextField
        className="field"
        name="age-range"
        value={draft['age-range'] ?? ''}
        isInvalid={shownProblem !== null}
        onChange={(v) => {
          set('age-range', v);
          setShownProblem(null);
        }}
      >
        <Label>{t('filter.age-range')}</Label>
        <Input placeholder="25-34" />
        <Text slot="description">{t('age_range_help')}</Text>
        <FieldError>{shownProblem}</FieldError>
      </TextField>
      <YesNoAny label={t('filter.disability')} value={draft.disability ?? ''} onChange={(v) => set('disability', v)} />
      <YesNoAny label={t('filter.lgbtiq')} value={draft.lgbtiq ?? ''} onChange={(v) => set('lgbtiq', v)} />
      <div className="dialog-actions">
        <Button
          className="button ghost"
          onPress={() => {
            dispatch({ type: 'filters/clear' });
            close();
          }}
        >
          {t('clear_filters')}
        </Button>
        <Button className="button ghost" onPress={close}>{t('close')}</Button>
        <Button type="submit" className="button primary">{t('filters_apply')}</Button>
      </div>
    </Form>
  );
};

/** The filter panel: every filter of the contract, in the order of SPEC section 3. */
export const FilterPanel = () => (
  <ModalOverlay className="modal-overlay" isDismissable>
    <Modal className="modal wide">
      <Dialog className="dialog" aria-labelledby="filter-heading">
        {({ close }) => <FilterForm close={close} />}
      </Dialog>
    </Modal>
  </ModalOverlay>
);
