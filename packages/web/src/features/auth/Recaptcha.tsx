import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { getGlobals } from "../../lib/globals";
import { getRecaptcha } from "./recaptcha";

export interface RecaptchaHandle {
  /** The widget's answer; "" when unanswered or when the script is missing. */
  response: () => string;
  reset: () => void;
}

/** The reCAPTCHA v2 widget, rendered explicitly with the site key from the page globals. */
export function Recaptcha({ ref }: { ref: Ref<RecaptchaHandle> }) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<number | undefined>(undefined);

  useEffect(() => {
    const api = getRecaptcha();
    const element = container.current;
    if (!api || !element || widget.current !== undefined) return;
    const dark = document.documentElement.dataset.theme === "dark";
    widget.current = api.render(element, {
      sitekey: getGlobals().ReCaptchaKey ?? "",
      theme: dark ? "dark" : "light",
    });
  }, []);

  useImperativeHandle(ref, () => ({
    response: () => {
      if (widget.current === undefined) return "";
      return getRecaptcha()?.getResponse(widget.current) ?? "";
    },
    reset: () => {
      if (widget.current !== undefined) getRecaptcha()?.reset(widget.current);
    },
  }));

  return <div ref={container} className="login-captcha" data-testid="login-captcha" />;
}
