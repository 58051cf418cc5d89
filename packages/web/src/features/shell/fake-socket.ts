import { act } from "@testing-library/react";
import { socketSeam } from "./command-socket";

/**
 * A stand-in for the browser's WebSocket in component tests (the real protocol is covered by
 * the server's tests and the browser tests): it records what the panel sends and lets a test
 * play the server's messages and close codes.
 */
export class FakeSocket {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close() {
    this.closed = true;
  }

  open() {
    act(() => this.onopen?.());
  }

  message(data: string) {
    act(() => this.onmessage?.({ data }));
  }

  end(code: number, reason = "") {
    act(() => this.onclose?.({ code, reason }));
  }

  static last(): FakeSocket {
    const socket = FakeSocket.made.at(-1);
    if (!socket) throw new Error("no socket was made");
    return socket;
  }

  /** Puts the stand-in in the seam; returns the function that puts the real one back. */
  static install(): () => void {
    const real = socketSeam.create;
    FakeSocket.made = [];
    socketSeam.create = (url) => new FakeSocket(url) as unknown as WebSocket;
    return () => {
      socketSeam.create = real;
    };
  }
}
