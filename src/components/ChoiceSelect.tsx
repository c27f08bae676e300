import type { ReactNode } from 'react';
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from 'react-aria-components';
import type { OptionNode } from '../../domain/contracts/groups';

export interface Choice<K extends string = string> {
  readonly id: K;
  readonly name: string;
  /** Nesting level of a group or sub-group, shown as an indent. */
  readonly depth?: number;
  /** The language the name is written in and its direction, when not the page's (a language's own name). */
  readonly lang?: string;
  readonly dir?: 'ltr' | 'rtl';
}

/** Groups with their sub-groups as one indented list of choices, parents first. */
export const choicesOfTree = (nodes: readonly OptionNode[], depth = 0): Choice[] =>
  nodes.flatMap((node) => [{ id: node.id, name: node.name, depth }, ...choicesOfTree(node.children, depth + 1)]);

interface ChoiceSelectProps<K extends string> {
  readonly label: string;
  /** The form field's name, when the choice is sent with a form. */
  readonly name?: string;
  readonly value: K | null;
  readonly items: readonly Choice<K>[];
  readonly onChange: (next: K) => void;
  /** Shown while nothing is chosen. */
  readonly placeholder?: string;
  readonly description?: ReactNode;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
  /** The problem shown under the field, which marks it invalid; react-aria leaves "nothing chosen" to the caller. */
  readonly problem?: string | null;
  /** 'toolbar': the dashboards' secondary button above a chart; 'form' (the default): a form's field. */
  readonly look?: 'form' | 'toolbar';
  /** Added to the field's class, e.g. 'inline-field'. */
  readonly className?: string;
}

const indent = (depth: number | undefined) => (depth ? { paddingInlineStart: `${0.75 + depth * 1.25}rem` } : undefined);

/**
 * One choice from a list (a group, a country, a metric, a language): the one markup of a
 * react-aria Select in the product, in the look of a form field or of a dashboard's toolbar.
 */
export const ChoiceSelect = <K extends string>({
  label,
  name,
  value,
  items,
  onChange,
  placeholder,
  description,
  isRequired,
  isDisabled,
  problem,
  look = 'form',
  className,
}: ChoiceSelectProps<K>) => {
  const toolbar = look === 'toolbar';
  return (
    <Select
      className={className === undefined ? 'field' : `field ${className}`}
      name={name}
      selectedKey={value}
      // A toolbar's choice without a placeholder shows nothing rather than react-aria's "Select an item".
      placeholder={placeholder ?? (toolbar ? '' : undefined)}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={problem ? true : undefined}
      onSelectionChange={(key) => key !== null && onChange(String(key) as K)}
    >
      <Label>{label}</Label>
      <Button className={toolbar ? 'button secondary select-button' : 'select-button'}>
        <SelectValue />
        {toolbar ? <span aria-hidden="true">▾</span> : <span aria-hidden="true" className="select-chevron" />}
      </Button>
      {description !== undefined && <Text slot="description">{description}</Text>}
      <FieldError>{problem ?? undefined}</FieldError>
      <Popover className={toolbar ? 'popover' : 'select-popover'}>
        <ListBox className="listbox" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className="listbox-item" style={indent(item.depth)}>
              {item.lang === undefined ? item.name : <span lang={item.lang} dir={item.dir}>{item.name}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
};
