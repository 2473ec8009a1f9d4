"use client";
import { createContext, useContext, useState } from "react";
import { useGalleryVideos } from "@/components/studio/editor/use-gallery-videos";
import type { GalleryDetailsDto, GalleryDto } from "@/lib/contract/folders";
import type { VideoDto } from "@/lib/contract/films";

type EditorValue = {
  folder: GalleryDetailsDto["folder"];
  videos: VideoDto[];
  /** True until the videos are known (the server render normally brings them). */
  videosLoading: boolean;
  /** True once the videos were checked with the server since the editor opened (spec: 'Checking...'). */
  videosChecked: boolean;
  /** The gallery as currently edited: unsaved drafts included (the preview shows them). */
  gallery: GalleryDto;
  setGallery: (change: (g: GalleryDto) => GalleryDto) => void;
  /** Base of the delivery link (and of New Tab): the studio's domain or the default gallery host. */
  baseLink: string;
};

const EditorContext = createContext<EditorValue | null>(null);

export function useEditor(): EditorValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor needs <EditorProvider>");
  return value;
}

type Props = { details: GalleryDetailsDto; baseLink: string; children: React.ReactNode };

/** Holds one gallery's editing state across the editor's sections (the layout keeps it mounted). */
export function EditorProvider({ details, baseLink, children }: Props) {
  const [gallery, setGallery] = useState(details.gallery);
  const videos = useGalleryVideos(details.gallery._id, details.videos);
  return (
    <EditorContext.Provider value={{ folder: details.folder, videos: videos.data ?? [], videosLoading: videos.isPending, videosChecked: videos.isFetchedAfterMount, gallery, setGallery, baseLink }}>
      {children}
    </EditorContext.Provider>
  );
}
