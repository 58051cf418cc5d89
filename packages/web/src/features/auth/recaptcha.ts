import type { ReCaptchaApi } from "../../globals";

const POLL_MS = 100;

function ready(): ReCaptchaApi | undefined {
  const api = window.grecaptcha;
  return typeof api?.render === "function" ? api : undefined;
}

/**
 * Waits for the reCAPTCHA script the server put in the page (API.md §1.6). Resolves false after
 * `timeoutMs` so a blocked script cannot keep the app from starting.
 */
export function waitForRecaptcha(timeoutMs = 10_000): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      const api = ready();
      if (api) {
        if (api.ready) api.ready(() => resolve(true));
        else resolve(true);
      } else if (Date.now() - started >= timeoutMs) {
        console.warn("the reCAPTCHA script did not load");
        resolve(false);
      } else {
        setTimeout(check, POLL_MS);
      }
    };
    check();
  });
}

export function getRecaptcha(): ReCaptchaApi | undefined {
  return ready();
}
