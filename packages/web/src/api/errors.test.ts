import { describe, expect, it } from "vitest";
import {
  errorFromAnswer,
  errorMessage,
  isStatusError,
  loginErrorMessage,
  StatusError,
} from "./errors";

describe("errorFromAnswer", () => {
  it("takes the code and message of an API error body", () => {
    const err = errorFromAnswer({
      status: 409,
      statusText: "Conflict",
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ status: 409, code: "ALREADY_EXISTS", message: "It exists" }),
    });
    expect(isStatusError(err, 409)).toBe(true);
    expect(err.code).toBe("ALREADY_EXISTS");
    expect(err.message).toBe("It exists");
  });

  it("reads an error body whatever the content type says (XHR and tus answers)", () => {
    const err = errorFromAnswer({
      status: 403,
      body: JSON.stringify({ status: 403, code: "FORBIDDEN", message: "No" }),
    });
    expect(err.code).toBe("FORBIDDEN");
    expect(err.message).toBe("No");
  });

  it("keeps a plain-text answer, never an HTML page", () => {
    expect(errorFromAnswer({ status: 500, body: " disk full \n" }).message).toBe("disk full");
    const page = errorFromAnswer({
      status: 502,
      statusText: "Bad Gateway",
      contentType: "text/html",
      body: "<html><body>proxy</body></html>",
    });
    expect(page.message).toBe("502 Bad Gateway");
    expect(page.code).toBeUndefined();
    expect(errorFromAnswer({ status: 500, body: "" }).message).toBe("500");
  });

  it("keeps a positive Retry-After in seconds", () => {
    const body = JSON.stringify({ status: 429, code: "RATE_LIMITED", message: "Slow down" });
    expect(errorFromAnswer({ status: 429, body, retryAfter: "30" }).retryAfter).toBe(30);
    expect(errorFromAnswer({ status: 429, body, retryAfter: "soon" }).retryAfter).toBeUndefined();
  });
});

describe("messages", () => {
  it("translates a lost connection and keeps the server's words otherwise", () => {
    expect(errorMessage(new StatusError("000 No connection", 0))).toBe("No connection");
    expect(errorMessage(new StatusError("It exists", 409))).toBe("It exists");
  });

  it("gives the login form its inline messages, and leaves the rest to the error prompt", () => {
    expect(loginErrorMessage(new StatusError("x", 403))).toBe("Wrong credentials");
    expect(loginErrorMessage(new StatusError("x", 429, { retryAfter: 30 }))).toContain("30");
    expect(loginErrorMessage(new StatusError("Password too short", 400))).toBe(
      "Password too short",
    );
    expect(loginErrorMessage(new StatusError("boom", 500))).toBeNull();
    expect(loginErrorMessage(new Error("boom"))).toBeNull();
  });
});
