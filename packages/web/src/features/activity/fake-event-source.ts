import { vi } from "vitest";

/** A stand-in for EventSource (jsdom has none): the test opens it, fails it and sends events. */
export class FakeEventSource {
  static all: FakeEventSource[] = [];

  /** Replaces the global EventSource until vi.unstubAllGlobals(). */
  static install(): void {
    FakeEventSource.all = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  }

  static last(): FakeEventSource {
    const source = FakeEventSource.all.at(-1);
    if (!source) throw new Error("no EventSource was opened");
    return source;
  }

  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, handler: (event: MessageEvent) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.onopen?.();
  }

  fail(): void {
    this.onerror?.();
  }

  emit(type: string, data: string): void {
    for (const handler of this.handlers.get(type) ?? []) {
      handler(new MessageEvent(type, { data }));
    }
  }
}
