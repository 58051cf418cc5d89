/** Text of the document with `code` spans, as the contracts write them (no other markup). */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} dir="ltr">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
