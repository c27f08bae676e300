import { useTranslation } from '../../hooks/translation';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

const ALL_DATES = 'all';

/** A choice among the organisation's saved date ranges; `null` is all dates. */
export const DateRangeField = ({
  name,
  className = 'field',
  ranges,
  tag,
  onChange,
}: {
  name: string;
  className?: string;
  ranges: readonly { readonly id: string; readonly label: string }[];
  tag: string | null;
  onChange: (tag: string | null) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Select className={className} name={name} selectedKey={tag ?? ALL_DATES} onSelectionChange={(key) => onChange(key === null || key === ALL_DATES ? null : String(key))}>
      <Label>{t('date_range')}</Label>
      <Button className="button secondary select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover">
        <ListBox className="listbox">
          <ListBoxItem id={ALL_DATES} className="listbox-item">{t('date_range_all')}</ListBoxItem>
          {ranges.map((range) => (
            <ListBoxItem key={range.id} id={range.id} className="listbox-item">{range.label}</ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
};
