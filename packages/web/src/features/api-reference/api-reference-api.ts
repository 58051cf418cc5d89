import { apiCall } from "../../api/client";
import { isApiDocument, type ApiDocument } from "./openapi-model";

/** GET /api/openapi.json: the server's OpenAPI document (no login needed). */
export async function fetchApiDocument(): Promise<ApiDocument> {
  const value: unknown = await apiCall("openapi");
  if (!isApiDocument(value)) throw new Error("The server's answer is not an OpenAPI document");
  return value;
}
