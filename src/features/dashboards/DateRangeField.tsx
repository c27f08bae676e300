import { useTranslation } from '../../hooks/translation';
import { ChoiceSelect } from '../../components/ChoiceSelect';

const ALL_DATES = 'all';

/** A choice among the organisation's saved date ranges; `null` is all dates. */
export const DateRangeField = ({
  name,
  className,
  ranges,
  tag,
  onChange,
}: {
  name: string;
  /** Added to the field's class. */
  className?: string;
  ranges: readonly { readonly id: string; readonly label: string }[];
  tag: string | null;
  onChange: (tag: string | null) => void;
}) => {
  const { t } = useTranslation();
  return (
    <ChoiceSelect
      look="toolbar"
      className={className}
      name={name}
      label={t('date_range')}
      value={tag ?? ALL_DATES}
      items={[{ id: ALL_DATES, name: t('date_range_all') }, ...ranges.map((range) => ({ id: range.id, name: range.label }))]}
      onChange={(key) => onChange(key === ALL_DATES ? null : key)}
    />
  );
};
