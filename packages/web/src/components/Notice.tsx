import type { ReactNode } from "react";
import { Icon } from "./Icon";

interface NoticeProps {
  tone: "warning" | "danger";
  /** `note` (the default) for what always stands there, `status` or `alert` for what appears. */
  role?: "note" | "status" | "alert";
  testId?: string;
  children: ReactNode;
}

/** A warning in a form: the alert icon before the text, coloured by its tone. */
export function Notice({ tone, role = "note", testId, children }: NoticeProps) {
  return (
    <p className={`notice notice--${tone}`} role={role} data-testid={testId}>
      <Icon name="alert" /> {children}
    </p>
  );
}
