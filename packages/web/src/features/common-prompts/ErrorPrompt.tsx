import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { PromptDialog } from "../../prompts/PromptDialog";
import type { PromptProps, SpecOf } from "../../prompts/prompt-specs";

export function ErrorPrompt({ spec }: PromptProps<SpecOf<"error">>) {
  const { t } = useTranslation();
  return (
    <PromptDialog title={t("prompts.errorTitle")} testId="prompt-error">
      <p className="prompt-error" role="alert">
        <Icon name="alert" className="prompt-error__icon" />
        <span>{spec.message}</span>
      </p>
    </PromptDialog>
  );
}
