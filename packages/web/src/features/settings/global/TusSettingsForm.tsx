import type { TusSettings } from "@scriptorium/shared";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../../lib/format-bytes";
import { formatChunkSize, parseChunkSize } from "../chunk-size";
import { useDebounced } from "./use-debounced";

/** SPEC.md §5: the typed chunk size is applied 1.5 s after typing stops. */
export const CHUNK_SIZE_DEBOUNCE_MS = 1500;

/** The retry count field: a whole number, at least 0 (SPEC.md §5). */
export function parseRetryCount(text: string): number {
  const value = Math.floor(Number(text));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

interface TusSettingsFormProps {
  initial: TusSettings;
  /** Null while the settings cannot be saved (the form still shows how input is read). */
  onSave: ((tus: TusSettings) => void) | null;
  saving?: boolean;
}

/** Chunk size and retry count of resumable uploads (SPEC.md §2 Global settings). */
export function TusSettingsForm({ initial, onSave, saving = false }: TusSettingsFormProps) {
  const { t } = useTranslation();
  const [chunkText, setChunkText] = useState(() => formatChunkSize(initial.chunkSize));
  const [retryText, setRetryText] = useState(() => String(initial.retryCount));
  const chunkSize = parseChunkSize(useDebounced(chunkText, CHUNK_SIZE_DEBOUNCE_MS));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // What was typed last counts, even within the 1.5 s.
    onSave?.({ chunkSize: parseChunkSize(chunkText), retryCount: parseRetryCount(retryText) });
  };

  return (
    <form className="card" onSubmit={submit} data-testid="global-tus-form">
      <h2 className="card__title">{t("globalSettings.uploads")}</h2>
      <div className="card__body">
        <label className="field">
          <span className="field__label">{t("globalSettings.chunkSize")}</span>
          <input
            className="input"
            name="chunkSize"
            autoComplete="off"
            spellCheck={false}
            value={chunkText}
            onChange={(event) => setChunkText(event.target.value)}
            aria-describedby="chunk-size-help chunk-size-parsed"
            data-testid="global-chunk-size"
          />
          <span
            id="chunk-size-parsed"
            className="field__hint"
            data-testid="global-chunk-size-parsed"
          >
            {t("globalSettings.chunkSizeParsed", { size: formatBytes(chunkSize) })}
          </span>
          <span id="chunk-size-help" className="field__hint muted">
            {t("globalSettings.chunkSizeHelp")}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t("globalSettings.retryCount")}</span>
          <input
            className="input"
            name="retryCount"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={retryText}
            onChange={(event) => setRetryText(event.target.value)}
            aria-describedby="retry-count-help"
            data-testid="global-retry-count"
          />
          <span id="retry-count-help" className="field__hint muted">
            {t("globalSettings.retryHelp")}
          </span>
        </label>
        <p className="field__hint muted">{t("globalSettings.reloadNote")}</p>
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={onSave === null || saving}
          data-testid="global-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
