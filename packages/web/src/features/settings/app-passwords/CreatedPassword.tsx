import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { Notice } from "../../../components/Notice";
import { CopyButton } from "./CopyButton";

interface CreatedPasswordProps {
  /** The name the user gave it. */
  name: string;
  username: string;
  password: string;
  onDone: () => void;
}

/**
 * The new app password, shown this once (the server keeps only its hash): the username and the
 * password to type in the client, a copy button, and a note that it will not be shown again.
 * Focus moves to it so that a screen reader reads it at once.
 */
export function CreatedPassword({ name, username, password, onDone }: CreatedPasswordProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      className="app-passwords__created"
      role="region"
      aria-labelledby="app-passwords-created-title"
      data-testid="app-passwords-created"
    >
      <h3 id="app-passwords-created-title" ref={heading} tabIndex={-1}>
        {t("settings.appPasswords.createdTitle", { name })}
      </h3>
      <dl className="app-passwords__credentials">
        <dt>{t("settings.appPasswords.username")}</dt>
        <dd>
          <code dir="ltr" data-testid="app-passwords-created-username">
            {username}
          </code>
        </dd>
        <dt>{t("settings.appPasswords.password")}</dt>
        <dd className="app-passwords__secret">
          <code dir="ltr" data-testid="app-passwords-created-password">
            {password}
          </code>
          <CopyButton
            text={password}
            label={t("settings.appPasswords.copyPassword")}
            testId="app-passwords-copy-password"
          />
        </dd>
      </dl>
      <Notice tone="warning">{t("settings.appPasswords.shownOnce")}</Notice>
      <div className="app-passwords__done">
        <Button onClick={onDone} testId="app-passwords-done">
          {t("settings.appPasswords.done")}
        </Button>
      </div>
    </div>
  );
}
