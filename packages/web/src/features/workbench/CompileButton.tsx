import { COMPILE_PROFILES, PROFILE_TOOL, type CompileProfile } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { useUser } from "../../state/auth-store";
import { IconButton } from "../../components/IconButton";
import { useMenuButton } from "../../components/use-menu-button";
import type { ToolAvailability } from "../../state/tool-states";

interface CompileButtonProps {
  /** The file's profile: what Compile runs (its last one, else one chosen from its content). */
  profile: CompileProfile;
  /** How each profile's tool stands on this server. */
  availability: (profile: CompileProfile) => ToolAvailability;
  running: boolean;
  onCompile: () => void;
  /** A profile picked in the menu: it becomes the file's and runs. */
  onCompileWith: (profile: CompileProfile) => void;
  onCancel: () => void;
}

/**
 * Compile (Ctrl+Enter) in the editor's bar, and beside it the menu of the compile profiles
 * (HTML, PDF through m2lv, PDF through m2ledmac, LaTeX), each "not installed" (disabled) when its
 * tool's program is missing; while the tool runs, a spinner that cancels.
 */
export function CompileButton(props: CompileButtonProps) {
  const { profile, availability, running, onCompile, onCancel } = props;
  const { t } = useTranslation();
  const tool = PROFILE_TOOL[profile];
  const missing = availability(profile) === "missing";
  const label = running ? t("workbench.cancelCompile") : t("workbench.compile");
  const title = missing
    ? t("workbench.profileMissing", { tool })
    : `${t("workbench.compileWith", { tool })} (Ctrl+Enter)`;
  return (
    <div className="workbench__compile-group">
      <button
        type="button"
        className="button workbench__compile"
        data-testid="workbench-compile"
        data-state={running ? "running" : "idle"}
        data-tool={tool}
        data-profile={profile}
        aria-busy={running}
        aria-label={running ? label : `${label}: ${t(`workbench.profiles.${profile}`)}`}
        title={running ? label : title}
        onClick={running ? onCancel : onCompile}
      >
        {running ? (
          <span className="spinner workbench__spinner" aria-hidden="true" />
        ) : (
          <Icon name="compile" size={20} />
        )}
        <span className="workbench__compile-label">{label}</span>
      </button>
      {!running && <ProfileMenu {...props} />}
    </div>
  );
}

/** The menu of compile profiles (APG menu button): arrows move, Escape closes. */
function ProfileMenu({ profile, availability, onCompileWith }: CompileButtonProps) {
  const { t } = useTranslation();
  const admin = useUser()?.perm.admin ?? false;
  const anyMissing = COMPILE_PROFILES.some((p) => availability(p) === "missing");
  const { open, toggle, close, id, button, menu, onKeyDown } = useMenuButton(
    "[role=menuitemradio]:not(:disabled), a[role=menuitem]",
  );

  return (
    <div className="action-menu workbench__profiles">
      <button
        ref={button}
        type="button"
        className="button workbench__profile-toggle"
        aria-label={t("workbench.profile")}
        title={t("workbench.profile")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid="workbench-profile-toggle"
        onClick={toggle}
      >
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={t("workbench.profile")}
          className="action-menu__list"
          data-testid="workbench-profile-menu"
          onKeyDown={onKeyDown}
        >
          {COMPILE_PROFILES.map((p) => {
            const state = availability(p);
            const unavailable = state === "missing" || state === "off";
            return (
              <button
                key={p}
                type="button"
                role="menuitemradio"
                aria-checked={p === profile}
                tabIndex={-1}
                className="action-menu__item"
                data-testid={`workbench-profile-${p}`}
                data-availability={state}
                disabled={unavailable}
                title={
                  state === "missing"
                    ? `${t("editionTools.notInstalled.title", { tool: PROFILE_TOOL[p] })} ${t("editionTools.notInstalled.how")}`
                    : undefined
                }
                onClick={() => {
                  close(true);
                  onCompileWith(p);
                }}
              >
                <span className="workbench__profile-check" aria-hidden="true">
                  {p === profile ? "✓" : ""}
                </span>
                <span>{t(`workbench.profiles.${p}`)}</span>
                {unavailable && (
                  <span className="workbench__profile-state">
                    {t(state === "missing" ? "workbench.notInstalled" : "workbench.switchedOff")}
                  </span>
                )}
              </button>
            );
          })}
          {anyMissing && (
            <p className="workbench__profile-how" role="none" data-testid="workbench-profile-how">
              {t("editionTools.notInstalled.how")}{" "}
              {admin ? (
                <Link role="menuitem" tabIndex={-1} to="/settings/global/tools">
                  {t("editionTools.notInstalled.settings")}
                </Link>
              ) : (
                t("editionTools.notInstalled.askAdmin")
              )}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** Shows or hides the output pane. */
export function PaneToggle({ hidden, onToggle }: { hidden: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = hidden ? t("workbench.showOutput") : t("workbench.hideOutput");
  return (
    <IconButton
      icon="sidePanel"
      label={label}
      testId="workbench-pane-toggle"
      aria-pressed={!hidden}
      onClick={onToggle}
    />
  );
}
