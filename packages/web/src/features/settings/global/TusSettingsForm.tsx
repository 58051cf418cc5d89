import type { TusSettings } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CountField, TextField } from "../../../components/fields";
import { SettingsCard } from "../../../components/SettingsCard";
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

  // What was typed last counts, even within the 1.5 s.
  const submit = () =>
    onSave?.({ chunkSize: parseChunkSize(chunkText), retryCount: parseRetryCount(retryText) });

  return (
    <SettingsCard
      title={t("globalSettings.uploads")}
      testId="global-tus"
      onSubmit={submit}
      submitTestId="global-submit"
      submitDisabled={onSave === null || saving}
    >
      <TextField
        label={t("globalSettings.chunkSize")}
        name="chunkSize"
        code
        value={chunkText}
        onChange={setChunkText}
        aria-describedby="chunk-size-help chunk-size-parsed"
        testId="global-chunk-size"
        extra={
          <>
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
          </>
        }
      />
      <CountField
        label={t("globalSettings.retryCount")}
        name="retryCount"
        value={retryText}
        onChange={setRetryText}
        hint={t("globalSettings.retryHelp")}
        testId="global-retry-count"
      />
      <p className="field__hint muted">{t("globalSettings.reloadNote")}</p>
    </SettingsCard>
  );
}
