/** @jest-environment jsdom */
// Dialogs start afresh each time they open, and the folder choice falls back as the spec says:
// state adjusted while rendering (useOnChange, useSyncExternalStore), not set in effects.
import { act, render, renderHook, screen, fireEvent } from "@testing-library/react";
import { NameDialog } from "@/components/studio/name-dialog";
import { useCurrentFolder } from "@/components/studio/folders/use-current-folder";
import { useOnChange } from "@/components/ui/use-on-change";
import type { FolderDto } from "@/lib/contract/folders";

describe("useOnChange", () => {
  it("runs on a change only, in the same render", () => {
    const seen: number[] = [];
    const { rerender } = renderHook(({ v }) => useOnChange(v, (x) => seen.push(x)), { initialProps: { v: 1 } });
    rerender({ v: 1 });
    expect(seen).toEqual([]);
    rerender({ v: 2 });
    rerender({ v: 2 });
    rerender({ v: 3 });
    expect(seen).toEqual([2, 3]);
  });
});

describe("NameDialog", () => {
  const props = { title: "Rename", onClose: () => {}, onSave: async () => {} };

  it("opens with the current name each time, not what was typed before it was closed", () => {
    const { rerender } = render(<NameDialog {...props} open initial="Smith wedding" />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "half-typed" } });
    rerender(<NameDialog {...props} open={false} initial="Smith wedding" />);
    rerender(<NameDialog {...props} open initial="Smith wedding" />);
    expect(screen.getByLabelText("Name")).toHaveValue("Smith wedding");
    rerender(<NameDialog {...props} open={false} initial="Smith wedding" />);
    rerender(<NameDialog {...props} open initial="Jones wedding" />);
    expect(screen.getByLabelText("Name")).toHaveValue("Jones wedding");
  });
});

describe("useCurrentFolder", () => {
  const folder = (id: string) => ({ _id: id, name: id }) as unknown as FolderDto;
  const folders = [folder("a"), folder("b"), folder("c")];
  beforeEach(() => localStorage.clear());

  it("takes the folder the URL names, else the stored one, else the newest", () => {
    localStorage.setItem("vidfolio.currentFolder", "b");
    expect(renderHook(() => useCurrentFolder(folders, "c")).result.current[0]).toBe("c");
    expect(renderHook(() => useCurrentFolder(folders, undefined)).result.current[0]).toBe("b");
    localStorage.setItem("vidfolio.currentFolder", "deleted");
    expect(renderHook(() => useCurrentFolder(folders, undefined)).result.current[0]).toBe("a");
  });

  it("remembers a pick, and follows the URL when it names another folder", () => {
    const { result, rerender } = renderHook(({ id }) => useCurrentFolder(folders, id), { initialProps: { id: undefined as string | undefined } });
    act(() => result.current[1]("c"));
    expect(result.current[0]).toBe("c");
    expect(localStorage.getItem("vidfolio.currentFolder")).toBe("c");
    expect(window.location.search).toBe("?folder=c");
    rerender({ id: "b" });
    expect(result.current[0]).toBe("b");
  });

  it("forgets the stored folder when none is left (spec §4)", () => {
    localStorage.setItem("vidfolio.currentFolder", "b");
    renderHook(() => useCurrentFolder([], undefined));
    expect(localStorage.getItem("vidfolio.currentFolder")).toBeNull();
  });
});
