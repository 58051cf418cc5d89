import {
  ACTIVITY_DEFAULTS,
  TRASH_DEFAULTS,
  VERSION_DEFAULTS,
  type Settings,
  type SettingsAnswer,
  type ToolSettings,
  type TusSettings,
} from "@scriptorium/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../../state/handle-error";
import { Icon } from "../../../components/Icon";
import { getGlobals } from "../../../lib/globals";
import { showSuccess } from "../../../state/toast-store";
import { BrandingSettingsForm } from "./BrandingSettingsForm";
import { DefaultsSettingsForm } from "./DefaultsSettingsForm";
import { GeneralSettingsForm } from "./GeneralSettingsForm";
import { fetchGlobalSettings, saveGlobalSettings, settingsOf } from "./global-settings-api";
import { ProgramsNotice } from "./ProgramsNotice";
import { ServerSettingsCard } from "./ServerSettingsForm";
import { HookSettingsForm } from "./HookSettingsForm";
import { ShellSettingsForm } from "./ShellSettingsForm";
import { ToolSettingsForm } from "./ToolSettingsForm";
import { TrashSettingsForm } from "./TrashSettingsForm";
import { VersionSettingsForm } from "./VersionSettingsForm";
import { ActivitySettingsForm } from "./ActivitySettingsForm";
import { TusSettingsForm } from "./TusSettingsForm";
import "./global-settings.css";

const SETTINGS_KEY = ["globalSettings"] as const;

/**
 * /settings/global (admin): signup, home folders and global rules, branding, user defaults,
 * the resumable-upload settings, the edition tools, the trash, the versions, the activity log,
 * the shell, the command hooks and the server's own settings. While the server has no
 * /api/settings (404), the page says that settings are read-only and shows the values the page
 * was loaded with, instead of pretending to save.
 */
export function GlobalSettingsPage() {
  const { t } = useTranslation();
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
      // The tools' states follow the tool settings (programs, steps, support folders).
      void queryClient.invalidateQueries({ queryKey: ["toolStates"] });
      showSuccess(t("success.settingsUpdated"));
    },
    onError: handleError,
  });

  const answer = query.data;
  const loaded = useMemo(() => (answer ? settingsOf(answer) : answer), [answer]);

  if (query.isPending) return <p className="muted">{t("files.loading")}</p>;
  if (query.isError) {
    return (
      <section className="page-message card" role="alert" data-testid="global-error">
        <Icon name="alert" size={40} />
        <p>{t("globalSettings.loadError")}</p>
      </section>
    );
  }

  const settings = loaded ?? null;
  const tus = settings?.tus ?? getGlobals().TusSettings;
  const onSave = settings ? (next: TusSettings) => save.mutate({ ...settings, tus: next }) : null;
  const saveTools = (next: ToolSettings) => settings && save.mutate({ ...settings, tools: next });

  return (
    <div className="profile global-settings" data-testid="global-settings">
      {!settings && (
        <p className="notice" role="status" data-testid="global-read-only">
          {t("globalSettings.readOnly")}
        </p>
      )}
      <ProgramsNotice programs={answer?.programs} />
      {settings && (
        <>
          <GeneralSettingsForm
            initial={settings}
            onSave={(fields) => save.mutate({ ...settings, ...fields })}
            saving={save.isPending}
          />
          <BrandingSettingsForm
            initial={settings.branding}
            onSave={(branding) => save.mutate({ ...settings, branding })}
            saving={save.isPending}
          />
          <DefaultsSettingsForm
            initial={settings.defaults}
            onSave={(defaults) =>
              // The shell card owns the default commands: keep what is saved.
              save.mutate({
                ...settings,
                defaults: { ...defaults, commands: settings.defaults.commands },
              })
            }
            saving={save.isPending}
          />
        </>
      )}
      <TusSettingsForm
        key={`${tus.chunkSize}/${tus.retryCount}`}
        initial={tus}
        onSave={onSave}
        saving={save.isPending}
      />
      {settings?.tools && (
        <ToolSettingsForm initial={settings.tools} onSave={saveTools} saving={save.isPending} />
      )}
      {settings && (
        <>
          <TrashSettingsForm
            // A server older than the trash sends no `trash`: its defaults are shown.
            initial={{ ...TRASH_DEFAULTS, ...settings.trash }}
            onSave={(trash) => save.mutate({ ...settings, trash })}
            saving={save.isPending}
          />
          <VersionSettingsForm
            // A server older than the versions sends no `versions`: their defaults are shown.
            initial={{ ...VERSION_DEFAULTS, ...settings.versions }}
            onSave={(versions) => save.mutate({ ...settings, versions })}
            saving={save.isPending}
          />
          <ActivitySettingsForm
            initial={{ ...ACTIVITY_DEFAULTS, ...settings.activity }}
            onSave={(activity) => save.mutate({ ...settings, activity })}
            saving={save.isPending}
          />
          <ShellSettingsForm
            initial={settings}
            onSave={(fields) => save.mutate({ ...settings, ...fields })}
            saving={save.isPending}
          />
          <HookSettingsForm
            initial={settings.commands}
            extraEvents={[
              "unzip",
              // A server older than the edition tools sends no `tools` (as for the card above).
              ...((settings.tools as Settings["tools"] | undefined)?.tools.map(
                (tool) => `mauro:${tool.name}`,
              ) ?? []),
            ]}
            onSave={(commands) => save.mutate({ ...settings, commands })}
            saving={save.isPending}
          />
          <ServerSettingsCard />
        </>
      )}
    </div>
  );
}
