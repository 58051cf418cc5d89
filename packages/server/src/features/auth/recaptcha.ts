import type { Recaptcha } from "@scriptorium/shared";
import { AppError, forbidden } from "../../errors.js";

/** True when the login page must show a captcha: both site key and secret are set. */
export function recaptchaEnabled(config: Recaptcha): boolean {
  return config.key !== "" && config.secret !== "";
}

/**
 * Asks the configured reCAPTCHA host whether `answer` is valid (API.md §1.6).
 * A refusal is 403; a host that cannot be reached is 500.
 */
export async function verifyRecaptcha(
  config: Recaptcha,
  answer: string | undefined,
  remoteIp: string,
): Promise<void> {
  if (!answer) throw forbidden("Wrong credentials", "WRONG_CREDENTIALS");
  const url = `${config.host.replace(/\/+$/, "")}/recaptcha/api/siteverify`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: config.secret, response: answer, remoteip: remoteIp }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError("INTERNAL", "The captcha service could not be reached");
  }
  const body = (await res.json().catch(() => ({}))) as { success?: unknown };
  if (res.status !== 200 || body.success !== true) {
    throw forbidden("Wrong credentials", "WRONG_CREDENTIALS");
  }
}
