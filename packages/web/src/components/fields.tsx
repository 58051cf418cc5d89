import { useId } from "react";
import type {
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

interface FieldProps {
  label: string;
  /** A hint under the control, muted, that describes it; `hintId` when others refer to it. */
  hint?: ReactNode;
  hintId?: string;
  /** Further hints or notes after the first. */
  extra?: ReactNode;
  children: ReactNode;
}

/** A labelled form control: `label.field` with its label text, the control and its hint. */
export function Field({ label, hint, hintId, extra, children }: FieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {children}
      {hint !== undefined && (
        <span id={hintId} className="field__hint muted">
          {hint}
        </span>
      )}
      {extra}
    </label>
  );
}

type Described = Omit<FieldProps, "children"> & {
  testId?: string;
  /** The control takes the whole width (dialogs). */
  block?: boolean;
};

const inputClass = (block: boolean | undefined) => (block ? "input input--block" : "input");

/** Text that is not prose (commands, paths, addresses): left to right, no spelling help. */
const CODE = { dir: "ltr", autoComplete: "off", spellCheck: false } as const;

type TextFieldProps = Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "className"> & {
    value: string | number;
    onChange: (value: string) => void;
    /** Commands, paths, addresses: see CODE. */
    code?: boolean;
    /** A textarea of that many rows (always `code`) instead of an input. */
    rows?: number;
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled text input (or number, password, url…), or a textarea when given `rows`. */
export function TextField(props: TextFieldProps) {
  const { label, hint, hintId, extra, testId, block, value, onChange, code, rows, ref, ...input } =
    props;
  const autoId = useId();
  const describedBy = hint === undefined ? undefined : (hintId ?? autoId);
  const control = {
    className: inputClass(block),
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    "aria-describedby": describedBy,
    "data-testid": testId,
  };
  return (
    <Field label={label} hint={hint} hintId={describedBy} extra={extra}>
      {rows ? (
        <textarea
          {...control}
          {...CODE}
          rows={rows}
          {...(input as TextareaHTMLAttributes<HTMLTextAreaElement>)}
        />
      ) : (
        <input ref={ref} {...control} {...(code && CODE)} {...input} />
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  lang?: string;
}

type SelectFieldProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "className"> & {
    value: string;
    onChange: (value: string) => void;
    options: readonly SelectOption[];
  };

/** A labelled select. */
export function SelectField(props: SelectFieldProps) {
  const { label, hint, hintId, extra, testId, block, value, onChange, options, ...select } = props;
  return (
    <Field label={label} hint={hint} hintId={hintId} extra={extra}>
      <select
        className={inputClass(block)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type CheckboxFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "checked" | "onChange"
> & {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
};

/** A checkbox with its label after it (`label.checkbox`). */
export function CheckboxField({ label, checked, onChange, testId, ...input }: CheckboxFieldProps) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
        {...input}
      />
      <span>{label}</span>
    </label>
  );
}

type PlaceholderInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange" | "placeholder" | "aria-label" | "className"
> & {
  /** Shown inside the empty field, and its accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Classes after `input input--block` (the state colours). */
  state?: string;
  testId?: string;
};

/** A full-width input named by its placeholder (the login and password forms). */
export function PlaceholderInput(props: PlaceholderInputProps) {
  const { label, value, onChange, state = "", testId, ...input } = props;
  return (
    <input
      className={`input input--block${state}`}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
      {...input}
    />
  );
}

type CountFieldProps = Omit<TextFieldProps, "type" | "step" | "inputMode" | "min"> & {
  min?: number;
};

/** A labelled whole-number input (a count, a number of days…), at least `min` (0 unless told). */
export function CountField({ min = 0, ...props }: CountFieldProps) {
  return <TextField {...props} type="number" min={min} step={1} inputMode="numeric" />;
}
