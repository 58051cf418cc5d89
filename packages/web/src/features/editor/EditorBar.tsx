import type { Resource } from "@scriptorium/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Icon } from "../../components/Icon";
import { DownloadLink, OpenInlineLink } from "../../components/FileLinks";
import { parentUrl } from "../../components/navigation";
import { opensInline } from "../../lib/open-inline";
import { useUser } from "../../state/auth-store";
import { SaveButton } from "./SaveButton";
import type { SaveState } from "./use-save";

interface EditorBarProps {
  resource: Resource;
  dirty: boolean;
  readOnly: boolean;
  saveState: SaveState;
  onSave: () => void;
  /** Buttons of what the editor hosts (the workbench's), before Save. */
  hosted: ReactNode;
}

/** The editor's bar: close, the file's name and state, its links, then the buttons. */
export function EditorBar({
  resource,
  dirty,
  readOnly,
  saveState,
  onSave,
  hosted,
}: EditorBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  return (
    <div className="file-panel__bar editor__bar">
      <button
        type="button"
        className="icon-button"
        data-testid="editor-close"
        title={t("buttons.close")}
        aria-label={t("buttons.close")}
        onClick={() => void navigate(parentUrl(resource.path))}
      >
        <Icon name="close" />
      </button>
      <div className="editor__title">
        <h1 className="editor__name" title={resource.path} dir="auto">
          {resource.name}
        </h1>
        {dirty && (
          <span className="editor__dirty" data-testid="editor-dirty" title={t("editor.unsaved")}>
            <span aria-hidden="true">●</span>
            <span className="visually-hidden">{t("editor.unsaved")}</span>
          </span>
        )}
        {readOnly && (
          <span className="editor__badge" data-testid="editor-readonly">
            <Icon name="lock" size={14} />
            {t("editor.readOnly")}
          </span>
        )}
      </div>
      <div className="editor__actions">
        {opensInline(resource.extension) && (
          <OpenInlineLink path={resource.path} testId="editor-open-inline" />
        )}
        {user?.perm.download && <DownloadLink path={resource.path} testId="editor-download" />}
        {hosted}
        {!readOnly && <SaveButton state={saveState} onSave={onSave} />}
      </div>
      <span className="visually-hidden" role="status">
        {saveState === "saved" ? t("editor.saved") : ""}
      </span>
    </div>
  );
}
