import { Type } from "typebox";

/** Request headers a route reads (documented; the service checks their values). */
export const RangeHeaders = Type.Object({
  Range: Type.Optional(Type.String({ description: "One byte range, e.g. bytes=0-1023" })),
  "If-None-Match": Type.Optional(Type.String({ description: "ETag of a cached copy" })),
  "If-Modified-Since": Type.Optional(Type.String({ description: "HTTP date of a cached copy" })),
  "If-Range": Type.Optional(Type.String({ description: "Range only if still this ETag or date" })),
});
export const UploadLengthHeaders = Type.Object({
  "Upload-Length": Type.Optional(
    Type.String({ description: "Total size in bytes (File Browser 2.31 clients omit it)" }),
  ),
});
export const UploadOffsetHeaders = Type.Object({
  "Upload-Offset": Type.String({ description: "Byte offset of this chunk in the file" }),
  "Upload-Length": Type.Optional(
    Type.String({ description: "Total size, when the POST deferred it (once, then the same)" }),
  ),
});

export const FILE_HEADERS = {
  "Content-Disposition": "attachment, or inline with `inline=true`",
  ETag: "Validator for conditional requests",
};
