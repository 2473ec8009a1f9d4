"use client";
import { useQuery } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { FILE_CHECK_INTERVAL_MS } from "@/lib/limits";
import type { VideoDto } from "@/lib/contract/films";

/**
 * The query of a gallery's videos, newest first: fetched again when an upload, a replace or a delete
 * changes them (they invalidate `queryKeys.galleryVideos`). While any video is still being
 * processed the list is re-checked every 5 seconds (spec §4), and polling stops once every video is
 * ready or failed. The library's cards and the upload panel's bars both read it: one state per film.
 */
export function galleryVideosQuery(galleryId: string) {
  return {
    queryKey: queryKeys.galleryVideos(galleryId),
    queryFn: async () => (await apiCall(doors.galleries.videos, { params: { id: galleryId } })).videos,
    refetchInterval: (query: { state: { data?: VideoDto[] } }) =>
      query.state.data?.some((v) => v.status === "PROCESSING" || v.status === "UPLOADING" || v.optimizing) ? FILE_CHECK_INTERVAL_MS : false,
  };
}

/** The gallery's videos, seeded by the editor's server render (see galleryVideosQuery). */
export function useGalleryVideos(galleryId: string, initial?: VideoDto[]) {
  return useQuery({ ...galleryVideosQuery(galleryId), initialData: initial });
}
