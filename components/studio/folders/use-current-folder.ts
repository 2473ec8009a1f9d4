"use client";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useOnChange } from "@/components/ui/use-on-change";
import { foldersPath } from "@/lib/routes";
import type { FolderDto } from "@/lib/contract/folders";

const STORAGE_KEY = "vidfolio.currentFolder";

// The stored choice is read once hydrated (the server has none), and not followed across tabs: a
// folder picked in another tab does not move this one.
const noSubscription = () => () => {};
const readStored = () => localStorage.getItem(STORAGE_KEY) ?? undefined;
const nothingStored = () => undefined;

/**
 * The selected folder, kept in the URL (?folder=…) and in localStorage so that it survives a
 * reload and a visit elsewhere. An unknown or deleted folder falls back to the newest one.
 */
export function useCurrentFolder(folders: FolderDto[], requestedId: string | undefined) {
  const stored = useSyncExternalStore(noSubscription, readStored, nothingStored);
  // What was picked here since the URL last named a folder (null: nothing; undefined: "none").
  const [picked, setPicked] = useState<string | undefined | null>(null);
  useOnChange(requestedId, () => setPicked(null));
  const selected = picked !== null ? picked : (requestedId ?? stored);

  useEffect(() => {
    // Spec §4: with no folder left, the stored state is removed.
    if (folders.length === 0) localStorage.removeItem(STORAGE_KEY);
  }, [folders.length]);

  const currentId = folders.some((f) => f._id === selected) ? selected : folders[0]?._id;

  const select = useCallback((id: string | undefined) => {
    setPicked(id);
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
    window.history.replaceState(null, "", foldersPath(id));
  }, []);

  return [currentId, select] as const;
}
