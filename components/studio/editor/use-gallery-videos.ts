"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { VideoDto } from "@/lib/gallery-types";

/**
 * The gallery's videos, newest first: seeded by the editor's server render, fetched again when an
 * upload, a replace or a delete changes them (they invalidate `queryKeys.galleryVideos`).
 * The processing issue re-checks videos still PROCESSING here (a `refetchInterval`).
 */
export function useGalleryVideos(galleryId: string, initial?: VideoDto[]) {
  return useQuery({
    queryKey: queryKeys.galleryVideos(galleryId),
    queryFn: async () => (await api<{ videos: VideoDto[] }>(`galleries/get-gallery-videos/${galleryId}`)).videos,
    initialData: initial,
  });
}
