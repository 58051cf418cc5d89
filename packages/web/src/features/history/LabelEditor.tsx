import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";

/** The most a label may hold (VersionLabelBodySchema). */
const MAX_LABEL = 200;

interface LabelEditorProps {
  initial: string;
  onSave: (label: string) => void;
  onCancel: () => void;
}

/** A version's label, edited in place: Enter or Save keeps it, Escape or Cancel leaves it. */
export function LabelEditor({ initial, onSave, onCancel }: LabelEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(draft);
  };
  return (
    <form className="version__label-form" onSubmit={submit} data-testid="version-label-form">
      <input
        className="input"
        value={draft}
        maxLength={MAX_LABEL}
        // The field is why the form was opened: it takes the focus at once.
        autoFocus
        aria-label={t("history.labelField")}
        placeholder={t("history.labelPlaceholder")}
        data-testid="version-label-input"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <Button tone="primary" submit testId="version-label-save">
        {t("buttons.save")}
      </Button>
      <Button tone="flat" onClick={onCancel}>
        {t("buttons.cancel")}
      </Button>
    </form>
  );
}
