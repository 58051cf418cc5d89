import type { Settings, SettingsAnswer } from "@scriptorium/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { Icon } from "../../../components/Icon";
import { SettingsChangesContext } from "../../../components/settings-changes";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";
import { applySavedSettings } from "./applied-settings";
import { fetchGlobalSettings, saveGlobalSettings, settingsOf } from "./global-settings-api";
import { GlobalSection } from "./GlobalSection";
import { ProgramsNotice } from "./ProgramsNotice";
import { FIRST_GLOBAL_SECTION, globalSectionPath, isGlobalSection } from "./sections";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard";
import "./global-settings.css";

const SETTINGS_KEY = ["globalSettings"] as const;

/** The sections about programs the server runs, which say how it runs them. */
const PROGRAM_SECTIONS: ReadonlySet<string> = new Set(["tools", "shell", "hooks"]);

/**
 * /settings/global/{section} (admin, issue 31): one section of the global settings at a time
 * (accounts and rules, branding, user defaults, uploads, the edition tools, the trash, the
 * versions, the activity log, the shell, the command hooks, the server's own settings), chosen
 * in the settings menu, each saved by its own button. Leaving a section with unsaved changes
 * asks first; what is saved applies at once (the name in the header and the title). While the
 * server has no /api/settings (404), the page says that settings are read-only.
 */
export function GlobalSettingsPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SETTINGS_KEY, queryFn: fetchGlobalSettings, retry: false });
  const save = useMutation({
    mutationFn: (settings: Settings) => saveGlobalSettings(settings),
    onSuccess: (_, settings) => {
      // What the server says of programs is not saved: it stays as it was.
      queryClient.setQueryData<SettingsAnswer | null>(SETTINGS_KEY, (old) => ({
        ...settings,
        ...(old?.programs && { programs: old.programs }),
      }));
      applySavedSettings(settings);
      // The tools' states follow the tool settings (programs, steps, support folders).
      void queryClient.invalidateQueries({ queryKey: ["toolStates"] });
      showSuccess(t("success.settingsUpdated"));
    },
    onError: handleError,
  });

  // Which forms hold unsaved changes (SettingsCard reports them).
  const [changedForms, setChangedForms] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((formId: string, changed: boolean) => {
    setChangedForms((current) => {
      if (current.has(formId) === changed) return current;
      const next = new Set(current);
      if (changed) next.add(formId);
      else next.delete(formId);
      return next;
    });
  }, []);

  const answer = query.data;
  const settings = useMemo(() => (answer ? settingsOf(answer) : null), [answer]);

  if (!isGlobalSection(section)) {
    return <Navigate to={globalSectionPath(FIRST_GLOBAL_SECTION)} replace />;
  }
  if (query.isPending) return <p className="muted">{t("files.loading")}</p>;
  if (query.isError) {
    return (
      <section className="page-message card" role="alert" data-testid="global-error">
        <Icon name="alert" size={40} />
        <p>{t("globalSettings.loadError")}</p>
      </section>
    );
  }

  return (
    <div className="profile global-settings" data-testid="global-settings" data-section={section}>
      {!settings && (
        <p className="notice" role="status" data-testid="global-read-only">
          {t("globalSettings.readOnly")}
        </p>
      )}
      {PROGRAM_SECTIONS.has(section) && <ProgramsNotice programs={answer?.programs} />}
      <SettingsChangesContext.Provider value={report}>
        <GlobalSection
          // Shown again from the saved values after a save: nothing left to save.
          key={`${section}/${query.dataUpdatedAt}`}
          section={section}
          settings={settings}
          save={(next) => save.mutate(next)}
          saving={save.isPending}
        />
      </SettingsChangesContext.Provider>
      <UnsavedChangesGuard changed={changedForms.size > 0} />
    </div>
  );
}
