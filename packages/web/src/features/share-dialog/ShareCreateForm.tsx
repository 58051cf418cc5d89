import { SHARE_UNITS, type ShareMode } from "@scriptorium/shared";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/fields";
import type { ShareForm } from "../../api/share-api";

interface ShareCreateFormProps {
  form: ShareForm;
  onChange: (form: ShareForm) => void;
  /** Folders may become drop boxes; files are always read links. */
  isDir: boolean;
}

/** The fields of a new link (SPEC.md §4, §5); the dialog owns the form element and its buttons. */
export function ShareCreateForm({ form, onChange, isDir }: ShareCreateFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<ShareForm>) => onChange({ ...form, ...patch });
  const mode: ShareMode = isDir ? form.mode : "read";

  // The dialog may have opened on its list or while loading: the first field takes the focus.
  useEffect(() => first.current?.focus(), []);

  return (
    <div className="share-form" data-testid="share-form">
      <div className="share-form__duration">
        <TextField
          ref={first}
          label={t("share.duration")}
          type="number"
          name="duration"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.duration}
          aria-describedby={`${id}-duration-hint`}
          onChange={(duration) => set({ duration })}
        />
        <SelectField
          label={t("share.unit")}
          name="unit"
          value={form.unit}
          onChange={(unit) => set({ unit: unit as ShareForm["unit"] })}
          options={SHARE_UNITS.map((unit) => ({ value: unit, label: t(`share.units.${unit}`) }))}
        />
      </div>
      <p id={`${id}-duration-hint`} className="share-form__hint muted">
        {t("share.durationHint")}
      </p>
      <TextField
        label={t("share.password")}
        block
        type="password"
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(password) => set({ password })}
      />
      {isDir && (
        <fieldset className="share-form__modes">
          <legend className="field__label">{t("share.mode")}</legend>
          {(["read", "upload"] as const).map((value) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name="mode"
                value={value}
                checked={mode === value}
                onChange={() => set({ mode: value })}
              />
              <span>
                <strong>{value === "read" ? t("share.modeRead") : t("share.modeUpload")}</strong>
                <br />
                <span className="muted">
                  {value === "read" ? t("share.modeReadHint") : t("share.modeUploadHint")}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {mode === "read" ? (
        <CountField
          label={t("share.maxDownloads")}
          name="maxDownloads"
          value={form.maxDownloads}
          onChange={(maxDownloads) => set({ maxDownloads })}
        />
      ) : (
        <div className="share-form__limits">
          <CountField
            label={t("share.maxUploadMB")}
            name="maxUploadMB"
            value={form.maxUploadMB}
            step="any"
            onChange={(maxUploadMB) => set({ maxUploadMB })}
          />
          <CountField
            label={t("share.maxUploads")}
            name="maxUploads"
            value={form.maxUploads}
            onChange={(maxUploads) => set({ maxUploads })}
          />
        </div>
      )}
    </div>
  );
}

interface CountFieldProps {
  label: string;
  name: string;
  value: string;
  step?: string;
  onChange: (value: string) => void;
}

function CountField({ label, name, value, step = "1", onChange }: CountFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      name={name}
      min={0}
      step={step}
      inputMode={step === "1" ? "numeric" : "decimal"}
      value={value}
      onChange={onChange}
    />
  );
}
