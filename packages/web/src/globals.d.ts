import type { PageGlobals } from "@scriptorium/shared";

/** The subset of Google's reCAPTCHA v2 API the login screen uses. */
export interface ReCaptchaApi {
  render: (
    container: HTMLElement,
    options: { sitekey: string; theme?: "light" | "dark" },
  ) => number;
  getResponse: (widgetId?: number) => string;
  reset: (widgetId?: number) => void;
  ready?: (callback: () => void) => void;
}

declare global {
  interface Window {
    /** Injected by the server into index.html (API.md §11.2); absent in dev and tests. */
    FileBrowser?: Partial<PageGlobals>;
    /** Injected by the server: StaticURL + "/" + url without leading slashes. */
    __prependStaticUrl?: (url: string) => string;
    /** Set by the reCAPTCHA script the server adds when captcha is enabled. */
    grecaptcha?: ReCaptchaApi;
  }
}
