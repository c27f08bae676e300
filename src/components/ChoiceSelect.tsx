import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

export interface Choice<K extends string> {
  readonly id: K;
  readonly name: string;
  /** Nesting level of a group or sub-group, shown as an indent. */
  readonly depth?: number;
}

interface ChoiceSelectProps<K extends string> {
  readonly label: string;
  readonly name: string;
  readonly value: K | null;
  readonly items: readonly Choice<K>[];
  readonly onChange: (next: K) => void;
  /** Shown while nothing is chosen. */
  readonly placeholder?: string;
}

/** One choice from a list (a group, a country, a metric), as the compare and benchmark pages ask for it. */
export const ChoiceSelect = <K extends string>({ label, name, value, items, onChange, placeholder }: ChoiceSelectProps<K>) => (
  <Select className="field" name={name} selectedKey={value} onSelectionChange={(key) => key !== null && onChange(String(key) as K)}>
    <Label>{label}</Label>
    <Button className="button secondary select-button">
      <SelectValue>{({ selectedText }) => selectedText ?? placeholder ?? ''}</SelectValue>
      <span aria-hidden="true">▾</span>
    </Button>
    <Popover className="popover">
      <ListBox className="listbox" items={items}>
        {(item) => (
          <ListBoxItem id={item.id} textValue={item.name} className="listbox-item" style={item.depth ? { paddingInlineStart: `${0.75 + item.depth * 1.25}rem` } : undefined}>
            {item.name}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  </Select>
);
