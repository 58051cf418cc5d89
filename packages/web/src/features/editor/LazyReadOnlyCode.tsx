import { useEffect, useState, type ComponentType } from "react";
import type { TextViewProps } from "../../slots/text-view";

type View = ComponentType<TextViewProps>;

let loaded: View | undefined;
let loading: Promise<View> | undefined;

/** CodeMirror and the view's code, fetched once, on first use (not with the page using it). */
function load(): Promise<View> {
  loading ??= import("./ReadOnlyCode").then((module) => (loaded = module.default));
  return loading;
}

/**
 * The read-only highlighted view as the text-view slot takes it: the text shows at once as
 * plain text, then highlighted when CodeMirror has loaded (or stays plain if it cannot load).
 */
export function LazyReadOnlyCode(props: TextViewProps) {
  const [Loaded, setLoaded] = useState<View | undefined>(() => loaded);
  useEffect(() => {
    if (Loaded) return;
    let alive = true;
    load().then(
      (view) => alive && setLoaded(() => view),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [Loaded]);
  if (Loaded) return <Loaded {...props} />;
  return (
    <pre className="text-view-plain" tabIndex={0} aria-label={props.label} aria-busy="true">
      {props.text}
    </pre>
  );
}
