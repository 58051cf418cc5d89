import {
  ACTIVITY_DEFAULTS,
  TRASH_DEFAULTS,
  VERSION_DEFAULTS,
  WEBDAV_DEFAULTS,
  type Settings,
  type TusSettings,
} from "@scriptorium/shared";
import { getGlobals } from "../../../lib/globals";
import { ActivitySettingsForm } from "./ActivitySettingsForm";
import { BrandingSettingsForm } from "./BrandingSettingsForm";
import { DefaultsSettingsForm } from "./DefaultsSettingsForm";
import { GeneralSettingsForm } from "./GeneralSettingsForm";
import { HookSettingsForm } from "./HookSettingsForm";
import type { GlobalSectionId } from "./sections";
import { ServerSettingsCard } from "./ServerSettingsForm";
import { ShellSettingsForm } from "./ShellSettingsForm";
import { ToolSettingsForm } from "./ToolSettingsForm";
import { TrashSettingsForm } from "./TrashSettingsForm";
import { TusSettingsForm } from "./TusSettingsForm";
import { VersionSettingsForm } from "./VersionSettingsForm";
import { WebdavSettingsForm } from "./WebdavSettingsForm";

interface GlobalSectionProps {
  section: GlobalSectionId;
  /** Null from a server without /api/settings: only the upload settings are shown, read-only. */
  settings: Settings | null;
  save: (settings: Settings) => void;
  saving: boolean;
}

/** The form of one section of the global settings; each saves the whole settings object. */
export function GlobalSection({ section, settings, save, saving }: GlobalSectionProps) {
  if (section === "uploads") {
    const tus = settings?.tus ?? getGlobals().TusSettings;
    const onSave = settings ? (next: TusSettings) => save({ ...settings, tus: next }) : null;
    return <TusSettingsForm initial={tus} onSave={onSave} saving={saving} />;
  }
  if (section === "server") return <ServerSettingsCard />;
  if (!settings) return null;
  switch (section) {
    case "general":
      return (
        <GeneralSettingsForm
          initial={settings}
          onSave={(fields) => save({ ...settings, ...fields })}
          saving={saving}
        />
      );
    case "branding":
      return (
        <BrandingSettingsForm
          initial={settings.branding}
          onSave={(branding) => save({ ...settings, branding })}
          saving={saving}
        />
      );
    case "defaults":
      return (
        <DefaultsSettingsForm
          initial={settings.defaults}
          // The shell section owns the default commands: keep what is saved.
          onSave={(defaults) =>
            save({ ...settings, defaults: { ...defaults, commands: settings.defaults.commands } })
          }
          saving={saving}
        />
      );
    case "tools":
      // A server older than the edition tools sends no `tools`.
      return settings.tools ? (
        <ToolSettingsForm
          initial={settings.tools}
          onSave={(tools) => save({ ...settings, tools })}
          saving={saving}
        />
      ) : null;
    case "trash":
      return (
        <TrashSettingsForm
          // A server older than the trash sends no `trash`: its defaults are shown.
          initial={{ ...TRASH_DEFAULTS, ...settings.trash }}
          onSave={(trash) => save({ ...settings, trash })}
          saving={saving}
        />
      );
    case "versions":
      return (
        <VersionSettingsForm
          initial={{ ...VERSION_DEFAULTS, ...settings.versions }}
          onSave={(versions) => save({ ...settings, versions })}
          saving={saving}
        />
      );
    case "activity":
      return (
        <ActivitySettingsForm
          initial={{ ...ACTIVITY_DEFAULTS, ...settings.activity }}
          onSave={(activity) => save({ ...settings, activity })}
          saving={saving}
        />
      );
    case "webdav":
      return (
        <WebdavSettingsForm
          // A server older than WebDAV sends no `webdav`: its defaults are shown.
          initial={{ ...WEBDAV_DEFAULTS, ...settings.webdav }}
          onSave={(webdav) => save({ ...settings, webdav })}
          saving={saving}
        />
      );
    case "shell":
      return (
        <ShellSettingsForm
          initial={settings}
          onSave={(fields) => save({ ...settings, ...fields })}
          saving={saving}
        />
      );
    case "hooks":
      return (
        <HookSettingsForm
          initial={settings.commands}
          extraEvents={[
            "unzip",
            // A server older than the edition tools sends no `tools`.
            ...((settings.tools as Settings["tools"] | undefined)?.tools.map(
              (tool) => `mauro:${tool.name}`,
            ) ?? []),
          ]}
          onSave={(commands) => save({ ...settings, commands })}
          saving={saving}
        />
      );
  }
}
