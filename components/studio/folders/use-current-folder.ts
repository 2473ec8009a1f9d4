"use client";
import { useCallback, useEffect, useState } from "react";
import { foldersPath } from "@/lib/routes";
import type { FolderDto } from "@/lib/gallery-types";

const STORAGE_KEY = "vidfolio.currentFolder";

/**
 * The selected folder, kept in the URL (?folder=…) and in localStorage so that it survives a
 * reload and a visit elsewhere. An unknown or deleted folder falls back to the newest one.
 */
export function useCurrentFolder(folders: FolderDto[], requestedId: string | undefined) {
  const [selected, setSelected] = useState<string | undefined>(requestedId);

  useEffect(() => {
    if (!requestedId) setSelected(localStorage.getItem(STORAGE_KEY) ?? undefined);
  }, [requestedId]);

  useEffect(() => {
    // Spec §4: with no folder left, the stored state is removed.
    if (folders.length === 0) localStorage.removeItem(STORAGE_KEY);
  }, [folders.length]);

  const currentId = folders.some((f) => f._id === selected) ? selected : folders[0]?._id;

  const select = useCallback((id: string | undefined) => {
    setSelected(id);
    if (id) localStorage.setItem(STORAGE_KEY, id);
    else localStorage.removeItem(STORAGE_KEY);
    window.history.replaceState(null, "", foldersPath(id));
  }, []);

  return [currentId, select] as const;
}
