import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./styles/base.css";
import "./i18n";
import { App } from "./app";
import { preloadFilesRoute } from "./app/router/routes";
import { waitForRecaptcha } from "./features/auth/recaptcha";
import { initSession } from "./features/auth/session";
import { applyBranding, applyTheme } from "./features/theme/theme";
import { getGlobals, subscribeGlobals } from "./lib/globals";

/**
 * Start-up: theme and branding first (the splash is still up), then the initial
 * authentication step and, when configured, the captcha script — both before the router's
 * first navigation (SPEC.md §2 route guard, API.md §1.5).
 */
async function start(): Promise<void> {
  applyTheme();
  applyBranding();
  // A branding saved in the settings applies at once (issue 31).
  subscribeGlobals(() => {
    applyTheme();
    applyBranding();
  });
  // index.html asked early for a folder's data (a stored session, a /files URL): its page's
  // code loads while the session is renewed.
  if (window.__scriptoriumPrefetch) preloadFilesRoute();
  await Promise.all([initSession(), getGlobals().ReCaptcha ? waitForRecaptcha() : undefined]);
  const container = document.getElementById("app");
  if (!container) throw new Error("#app is missing from index.html");
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
