import { errorResponses, jsonResponse, type RouteContract } from "./route-contract.js";
import { SyncTexAnswerSchema, SyncTexQuerySchema, ToolStatesSchema } from "./schemas/tools.js";

/** Route contracts of the edition's pipeline to PDF (issue 30); File Browser has none. */
export const toolRoutes = {
  toolStates: {
    method: "GET",
    url: "/api/mauro/tools",
    auth: "user",
    tag: "tools",
    summary: "The edition tools and whether each is installed",
    description:
      "Every user: each configured tool's name, kind, whether the admin left it on and whether its program exists (a pipeline: both steps), and how programs run here. Admins also get where each program was found, its version line and the support folders' state.",
    schema: { response: { 200: ToolStatesSchema } },
    responses: { 200: jsonResponse(ToolStatesSchema, "The tools"), ...errorResponses(401) },
  },
  synctex: {
    method: "GET",
    url: "/api/synctex/*",
    auth: "user",
    tag: "tools",
    summary: "SyncTeX: from a place in a PDF to its source line, and back",
    description:
      "The path is the PDF's; its `<stem>.synctex.gz` beside it is read. `?page=&x=&y=` (PDF points from the page's top left) answers `source` (for a PDF made by a pipeline, the `.m.tex` line: the compilers leave no trace of the Mauro-TeX line, so `origin` is absent); `?file=&line=` answers `boxes`. Needs `download`; 404 when the PDF has no SyncTeX data or the file is not in it; 413 when the data is too large to read.",
    schema: { querystring: SyncTexQuerySchema, response: { 200: SyncTexAnswerSchema } },
    responses: {
      200: jsonResponse(SyncTexAnswerSchema, "The source line, or the places in the PDF"),
      ...errorResponses(400, 401, 403, 404, 413),
    },
  },
} as const satisfies Record<string, RouteContract>;
