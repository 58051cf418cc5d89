import type { Resource } from "@scriptorium/shared";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../../state/auth-store";
import { setCurrentResource } from "../../state/current-resource";
import { FakeSocket } from "./fake-socket";
import { ShellPanel } from "./ShellPanel";
import { useShellStore } from "../../state/shell-store";

function resource(path: string, isDir: boolean): Resource {
  return {
    path,
    name: "",
    size: 0,
    extension: "",
    modified: "",
    mode: 0,
    isDir,
    isSymlink: false,
    type: isDir ? "" : "text",
  };
}

const input = () => screen.getByTestId<HTMLInputElement>("shell-input");
const output = () => screen.getByTestId("shell-output").textContent;

function type(line: string) {
  fireEvent.change(input(), { target: { value: line } });
  fireEvent.keyDown(input(), { key: "Enter" });
}

/** Types a line and plays the server: opens, prints `out`, closes with `code` and `reason`. */
function runOnServer(line: string, out: string[] = [], code = 1000, reason = ""): FakeSocket {
  type(line);
  const socket = FakeSocket.last();
  socket.open();
  for (const chunk of out) socket.message(chunk);
  socket.end(code, reason);
  return socket;
}

let restore: () => void;

beforeEach(() => {
  restore = FakeSocket.install();
  useAuthStore.setState({ jwt: "t.o.k" });
  useShellStore.setState({ open: true, entries: [], history: [] });
  setCurrentResource({ path: "/docs/", resource: resource("/docs", true) });
});

afterEach(() => {
  restore();
  setCurrentResource(null);
});

describe("the shell panel", () => {
  it("shows the folder on screen in its prompt, and the folder of an open file", () => {
    render(<ShellPanel />);
    expect(screen.getByTestId("shell-prompt").textContent).toBe("/docs/ $");
    act(() =>
      setCurrentResource({ path: "/docs/a/b.txt", resource: resource("/docs/a/b.txt", false) }),
    );
    expect(screen.getByTestId("shell-prompt").textContent).toBe("/docs/a/ $");
    act(() => setCurrentResource(null));
    expect(screen.getByTestId("shell-prompt").textContent).toBe("/ $");
  });

  it("sends the line on its own socket to /api/command{folder} with the token", () => {
    setCurrentResource({ path: "/a b/é/", resource: resource("/a b/é", true) });
    render(<ShellPanel />);
    type("  ls -l  ");
    const socket = FakeSocket.last();
    expect(socket.url).toBe("ws://localhost:3000/api/command/a%20b/%C3%A9/?auth=t.o.k");
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual(["ls -l"]);
    expect(input().value).toBe("");
  });

  it("appends streamed output without colour codes, and disables the input while it runs", () => {
    render(<ShellPanel />);
    type("ls");
    const socket = FakeSocket.last();
    socket.open();
    expect(input().disabled).toBe(true);
    socket.message("\x1b[01;34mnotes\x1b[0m  re");
    socket.message("adme.txt\n\x1b[3");
    expect(output()).toBe("/docs/ $ lsnotes  readme.txt\n");
    socket.message("2mgreen\x1b[0m\n");
    socket.end(1000);
    expect(output()).toBe("/docs/ $ lsnotes  readme.txt\ngreen\n");
    expect(input().disabled).toBe(false);
    expect(screen.queryByTestId("shell-status")).toBeNull();
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("says when a command failed or was refused", () => {
    render(<ShellPanel />);
    runOnServer("false", [], 1011);
    runOnServer("rm -rf x", ["Command not allowed."], 1008);
    const statuses = screen.getAllByTestId("shell-status").map((el) => el.textContent);
    expect(statuses).toEqual(["The command failed.", "The command was not run."]);
    expect(output()).toContain("Command not allowed.");
  });

  it("says which rule refused a line and who can change it, from the close reason (issue 31)", () => {
    useAuthStore.setState({ user: { id: 2, username: "ada" } as never });
    // A new user empties and closes the shell: open it again.
    useShellStore.setState({ open: true });
    render(<ShellPanel />);
    runOnServer("sort notes.txt", ["Command not allowed."], 1008, "not-in-commands");
    runOnServer("sed -n '1e id' x", ["Command not allowed: sed's e…"], 1008, "exec-option");
    runOnServer("cat ../x", ["Command not allowed: ../x is outside"], 1008, "outside ../x");
    runOnServer("'nosuch' -v", ["Command not allowed: …"], 1008, "not-installed nosuch");
    const refusals = screen.getAllByTestId("shell-refusal");
    expect(refusals.map((el) => el.dataset.code)).toEqual([
      "not-in-commands",
      "exec-option",
      "outside",
      "not-installed",
    ]);
    expect(refusals[0]?.textContent).toBe(
      "Refused: sort is not in your commands list." +
        "An administrator can change your commands list in Settings → User management → ada.",
    );
    expect(refusals[1]?.textContent).toContain("it needs the entry sed:exec in your commands list");
    expect(refusals[2]?.textContent).toContain("Refused: ../x is outside your folder.");
    expect(refusals[2]?.textContent).toContain("cannot be turned off");
    expect(refusals[3]?.textContent).toContain(
      "nosuch is in your commands list but is not installed",
    );
    // The English texts of the server are replaced, not repeated.
    expect(output()).not.toContain("Command not allowed");
    // An older server's reason: its text is shown as it came.
    runOnServer("rm x", ["Command not allowed."], 1008, "Command not allowed");
    expect(output()).toContain("Command not allowed.");
  });

  it("lets the output take focus and scroll with the keyboard (issue 31)", () => {
    render(<ShellPanel />);
    const region = screen.getByRole("log", { name: "Command output" });
    expect(region.tabIndex).toBe(0);
    Object.defineProperties(region, {
      clientHeight: { configurable: true, value: 100 },
      scrollHeight: { configurable: true, value: 1000 },
    });
    region.scrollTop = 500;
    const press = (key: string) => {
      fireEvent.keyDown(region, { key });
      return region.scrollTop;
    };
    expect(press("ArrowUp")).toBe(460);
    expect(press("ArrowDown")).toBe(500);
    expect(press("PageUp")).toBe(410);
    expect(press("PageDown")).toBe(500);
    expect(press("Home")).toBe(0);
    expect(press("End")).toBe(900);
    expect(press("a")).toBe(900);
  });

  it("says when the socket was refused before it opened, or lost while running", () => {
    render(<ShellPanel />);
    type("ls");
    FakeSocket.last().end(1006);
    runOnServer("ls", ["a"], 1006);
    const statuses = screen.getAllByTestId("shell-status").map((el) => el.textContent);
    expect(statuses).toEqual([
      "The shell could not reach the server.",
      "The connection to the server was lost.",
    ]);
  });

  it("walks the history with the arrow keys, giving back what was being typed", () => {
    render(<ShellPanel />);
    runOnServer("ls");
    runOnServer("cat a.txt");
    fireEvent.change(input(), { target: { value: "wc" } });
    const press = (key: string) => {
      fireEvent.keyDown(input(), { key });
      return input().value;
    };
    expect(press("ArrowUp")).toBe("cat a.txt");
    expect(press("ArrowUp")).toBe("ls");
    expect(press("ArrowUp")).toBe("ls");
    expect(press("ArrowDown")).toBe("cat a.txt");
    expect(press("ArrowDown")).toBe("wc");
    expect(press("ArrowDown")).toBe("wc");
  });

  it("handles clear and exit itself, sending nothing", () => {
    render(<ShellPanel />);
    runOnServer("ls", ["a.txt\n"]);
    expect(output()).toContain("a.txt");
    type("clear");
    expect(output()).toBe("");
    type("exit");
    expect(screen.queryByTestId("shell-panel")).toBeNull();
    expect(useShellStore.getState().open).toBe(false);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("closes with Escape only when focus is inside it, and stops a running command", () => {
    render(
      <>
        <button type="button">outside</button>
        <ShellPanel />
      </>,
    );
    fireEvent.keyDown(screen.getByText("outside"), { key: "Escape" });
    expect(useShellStore.getState().open).toBe(true);
    type("sleep 100");
    const socket = FakeSocket.last();
    socket.open();
    fireEvent.keyDown(screen.getByTestId("shell-output"), { key: "Escape" });
    expect(useShellStore.getState().open).toBe(false);
    expect(socket.closed).toBe(true);
  });

  it("keeps the page's shortcuts from keys typed inside it", () => {
    const seen: string[] = [];
    const onKey = (event: KeyboardEvent) => seen.push(event.key);
    window.addEventListener("keydown", onKey);
    render(<ShellPanel />);
    fireEvent.keyDown(screen.getByTestId("shell-output"), { key: "a", ctrlKey: true });
    fireEvent.keyDown(input(), { key: "ArrowLeft" });
    fireEvent.keyDown(input(), { key: "F1" });
    window.removeEventListener("keydown", onKey);
    expect(seen).toEqual(["F1"]);
  });

  it("gives the command line the focus on a click in the terminal", () => {
    render(
      <>
        <button type="button">outside</button>
        <ShellPanel />
      </>,
    );
    screen.getByText("outside").focus();
    fireEvent.click(screen.getByTestId("shell-output"));
    expect(document.activeElement).toBe(input());
  });

  it("stops a running command with its stop button", () => {
    render(<ShellPanel />);
    type("sleep 100");
    const socket = FakeSocket.last();
    socket.open();
    fireEvent.click(screen.getByTestId("shell-stop"));
    expect(socket.closed).toBe(true);
    expect(input().disabled).toBe(false);
    expect(screen.getByTestId("shell-status").textContent).toBe("Stopped.");
  });

  it("resizes from its divider with the arrow keys and remembers the height", () => {
    window.innerHeight = 800;
    render(<ShellPanel />);
    const body = screen.getByTestId("shell-body");
    expect(body.style.height).toBe("400px");
    fireEvent.keyDown(screen.getByTestId("shell-divider"), { key: "ArrowUp" });
    expect(body.style.height).toBe("432px");
    fireEvent.keyDown(screen.getByTestId("shell-divider"), { key: "End" });
    expect(body.style.height).toBe("36px");
    expect(localStorage.getItem("shellHeight")).toBe("36");
    expect(useShellStore.getState().open).toBe(true);
  });
});
