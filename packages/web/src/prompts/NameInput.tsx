import type { Ref } from "react";

interface NameInputProps {
  /** The field's accessible name. */
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** Why the name cannot be used, said under the field (null: it can). */
  problem: string | null;
  problemId: string;
  problemClassName: string;
  ref?: Ref<HTMLInputElement>;
}

/** The name field of the dialogs that name an item (new file or folder, rename). */
export function NameInput({
  label,
  value,
  onChange,
  problem,
  problemId,
  ...props
}: NameInputProps) {
  return (
    <>
      <input
        ref={props.ref}
        className={`input input--block${problem ? " input--red" : ""}`}
        name="name"
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p className={props.problemClassName} id={problemId} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
