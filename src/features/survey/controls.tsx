import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';

/**
 * The participant's form controls, on the browser's own elements (input, select, checkbox,
 * button): a phone shows its native pickers, assistive technology knows them, and they cost
 * nothing to download, which keeps the survey page within its budget. The one control the
 * browser lacks, a searchable list, follows the WAI-ARIA combobox pattern below.
 */

const describedBy = (...ids: (string | false | null | undefined)[]): string | undefined => ids.filter(Boolean).join(' ') || undefined;

/** A visual mark for required questions; assistive technology hears aria-required instead. */
export const RequiredMark = ({ required }: { required: boolean }) =>
  required ? (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  ) : null;

/** What every field's control says of itself: required, invalid, and which lines describe it. */
const fieldAria = (id: string, help: string, error: string, required: boolean) => ({
  'aria-required': required || undefined,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(help && `${id}-help`, error && `${id}-error`),
});

const FieldLabel = ({ id, label, required }: { id: string; label: ReactNode; required: boolean }) => (
  <label htmlFor={id}>
    {label}
    <RequiredMark required={required} />
  </label>
);

interface FieldTextProps {
  readonly id: string;
  readonly help: string;
  readonly error: string;
}

/** Help and error lines under a field, with the ids its aria-describedby names (`${id}-help`, `${id}-error`). */
export const FieldNotes = ({ id, help, error }: FieldTextProps) => (
  <>
    {help && (
      <p id={`${id}-help`} className="field-help">
        {help}
      </p>
    )}
    {error && (
      <p id={`${id}-error`} className="field-error">
        {error}
      </p>
    )}
  </>
);

interface TextInputProps {
  readonly label: ReactNode;
  readonly help: string;
  readonly error: string;
  readonly required: boolean;
  readonly value: string;
  readonly maxLength?: number;
  readonly autoComplete?: string;
  /** 'email' brings a phone's address keyboard. */
  readonly type?: 'text' | 'email';
  readonly onChange: (value: string) => void;
}

export const TextInput = ({ label, help, error, required, value, maxLength, autoComplete, type = 'text', onChange }: TextInputProps) => {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <FieldLabel id={id} label={label} required={required} />
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        {...fieldAria(id, help, error, required)}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
};

export interface PickOption {
  readonly id: string;
  readonly name: string;
  readonly disabled?: boolean;
  /** An English name standing in for a missing translation: read out as English. */
  readonly untranslated?: boolean;
}

/** The lang attribute of a name that is still the English one, so a screen reader says it in English. */
const fallbackLang = (option: { readonly untranslated?: boolean }): 'en' | undefined => (option.untranslated ? 'en' : undefined);

interface PickerProps {
  readonly label: ReactNode;
  readonly help: string;
  readonly error: string;
  readonly required: boolean;
  readonly options: readonly PickOption[];
  readonly selected: string | null;
  readonly placeholder: string;
  readonly isDisabled?: boolean;
  readonly onChange: (key: string) => void;
}

/** A short list: the browser's select (a phone opens its own picker). */
export const Picker = ({ label, help, error, required, options, selected, placeholder, isDisabled, onChange }: PickerProps) => {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <FieldLabel id={id} label={label} required={required} />
      <select
        id={id}
        className="native-select"
        value={selected ?? ''}
        disabled={isDisabled || options.length === 0}
        {...fieldAria(id, help, error, required)}
        onChange={(event) => event.target.value !== '' && onChange(event.target.value)}
      >
        {/* Until something is chosen; it cannot be chosen back. */}
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.id} value={option.id} disabled={option.disabled} lang={fallbackLang(option)}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
};

interface TickProps {
  readonly children: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly isDisabled?: boolean;
  readonly required?: boolean;
  readonly invalid?: boolean;
  readonly ariaLabel?: string;
  readonly describedBy?: string;
  readonly className?: string;
}

/** A tick box with its label. */
export const Tick = ({ children, checked, onChange, isDisabled, required, invalid, ariaLabel, describedBy: described, className }: TickProps) => (
  <label className={['tick', className].filter(Boolean).join(' ')} data-disabled={isDisabled || undefined}>
    <input
      type="checkbox"
      checked={checked}
      disabled={isDisabled}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-label={ariaLabel}
      aria-describedby={described}
      onChange={(event) => onChange(event.target.checked)}
    />
    <span>{children}</span>
  </label>
);

export interface ComboOption {
  readonly id: number;
  readonly name: string;
  readonly untranslated?: boolean;
}

interface ComboProps {
  readonly label: ReactNode;
  readonly help: string;
  readonly error: string;
  readonly required: boolean;
  /** The options to show for the text typed. */
  readonly options: readonly ComboOption[];
  readonly selected: ComboOption | undefined;
  readonly text: string;
  readonly onText: (text: string) => void;
  readonly onSelect: (option: ComboOption) => void;
  readonly isDisabled?: boolean;
  /** Shown in the open list when it has no option (searching, nothing found, too short). */
  readonly emptyText: string;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/**
 * A searchable list (WAI-ARIA combobox with a list box popup): typing opens the list and
 * filters or searches it, the arrow keys move the highlighted option (announced through
 * aria-activedescendant), Enter picks it, Escape closes the list. The field keeps the focus
 * throughout; a click on an option does not take it away.
 */
export const Combo = ({ label, help, error, required, options, selected, text, onText, onSelect, isDisabled, emptyText, inputRef }: ComboProps) => {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && !isDisabled;
  const activeOption = shown && active >= 0 && active < options.length ? options[active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (option: ComboOption) => {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  };
  const move = (delta: number) => {
    if (!shown) {
      setOpen(true);
      setActive(options.length > 0 ? 0 : -1);
      return;
    }
    if (options.length === 0) return;
    setActive((current) => (current < 0 ? (delta > 0 ? 0 : options.length - 1) : (current + delta + options.length) % options.length));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // An open list takes Enter for itself; a closed one lets the form go on.
        if (shown) {
          event.preventDefault();
          if (activeOption) pick(activeOption);
          else setOpen(false);
        }
        break;
      case 'Escape':
        if (shown) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <div className="field combo-field" data-invalid={error ? true : undefined} data-disabled={isDisabled || undefined}>
      <FieldLabel id={id} label={label} required={required} />
      <div className="combo-anchor">
        <div className="combo-input">
          <input
            id={id}
            ref={inputRef}
            type="text"
            role="combobox"
            autoComplete="off"
            value={text}
            disabled={isDisabled}
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(active) : undefined}
            {...fieldAria(id, help, error, required)}
            onChange={(event) => {
              onText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
          />
          <button
            type="button"
            className="combo-button"
            tabIndex={-1}
            aria-hidden="true"
            disabled={isDisabled}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setOpen((current) => !current)}
          >
            <span className="select-chevron" />
          </button>
        </div>
        <ul id={listId} role="listbox" className="listbox combo-list" hidden={!shown} aria-label={typeof label === 'string' ? label : undefined}>
          {shown &&
            (options.length === 0 ? (
              <li role="option" aria-selected={false} aria-disabled="true" className="listbox-empty">
                {emptyText}
              </li>
            ) : (
              options.map((option, index) => (
                <li
                  key={option.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected?.id === option.id}
                  className="listbox-item"
                  lang={fallbackLang(option)}
                  data-focused={index === active || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
                >
                  {option.name}
                </li>
              ))
            ))}
        </ul>
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
};

interface ProgressProps {
  readonly label: string;
  readonly value: number;
  readonly max: number;
  readonly valueText: string;
}

/** Where the person is in the survey. */
export const Progress = ({ label, value, max, valueText }: ProgressProps) => {
  const id = useId();
  return (
    <div className="survey-progress" role="progressbar" aria-labelledby={id} aria-valuenow={value} aria-valuemin={0} aria-valuemax={max} aria-valuetext={valueText}>
      <div className="survey-progress-text">
        <span id={id}>{label}</span>
        <span>{valueText}</span>
      </div>
      <div className="survey-progress-track">
        <div className="survey-progress-fill" style={{ width: `${max === 0 ? 0 : (value / max) * 100}%` }} />
      </div>
    </div>
  );
};
