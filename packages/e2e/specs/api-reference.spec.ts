import { createUser, expect, loginAndOpen, test } from "../support/fixtures.js";

interface Document {
  paths: Record<string, Record<string, { operationId: string }>>;
}

test("the API reference lists every route of the OpenAPI document, drawn in the page", async ({
  page,
  baseURL,
}, testInfo) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL ?? "").origin)
      foreign.push(request.url());
  });
  await loginAndOpen(page, createUser());
  await page.getByTestId("sidebar-api-reference").click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();

  const doc = (await (await page.request.get("/api/openapi.json")).json()) as Document;
  const ids = Object.values(doc.paths).flatMap((item) =>
    Object.values(item).map((operation) => operation.operationId),
  );
  expect(ids.length).toBeGreaterThan(20);
  for (const id of ids) await expect(page.getByTestId(`api-op-${id}`)).toBeVisible();

  const getResource = page.getByTestId("api-op-getResource");
  await expect(getResource.locator(".api-op__line")).toContainText("GET /api/resources/{path}");
  await expect(getResource.locator(".api-op__line")).toContainText("Logged-in users");
  await expect(page.getByTestId("api-op-login").locator(".api-op__line")).toContainText("No login");
  await expect(page.getByTestId("api-op-updateSettings").locator(".api-op__line")).toContainText(
    "Administrators",
  );

  // Opening a route shows its parameters, its body schema and its answers.
  await getResource.locator(".api-op__line").click();
  const body = getResource.locator(".api-op__body");
  const parameter = (name: string) =>
    body.locator("td > code", { hasText: new RegExp(`^${name}$`) });
  await expect(parameter("path")).toBeVisible();
  await expect(parameter("checksum")).toBeVisible();
  await expect(body).toContainText("Resource");
  await expect(body.locator(".schema-tree__name", { hasText: /^items$/ })).toBeVisible();
  await expect(body.getByText("404", { exact: true })).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath("api-reference-desktop.png"),
    fullPage: false,
  });

  expect(foreign).toEqual([]);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the reference opens without login and fits the screen", async ({ page }, testInfo) => {
    await page.goto("/api-reference");
    await expect(page.getByTestId("api-reference")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("api-reference-phone-top.png") });
    const upload = page.getByTestId("api-op-tusAppend");
    await expect(upload.locator(".api-op__line")).toContainText("PATCH /api/tus/{path}");
    await upload.locator(".api-op__line").click();
    await expect(upload.getByRole("cell", { name: /^Upload-Offset/ })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await upload.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("api-reference-phone.png") });
  });
});
