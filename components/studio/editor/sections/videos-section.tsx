"use client";
import { useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Upload } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Panel } from "@/components/studio/editor/panel";
import { VideoCard } from "@/components/studio/editor/video-card";
import { useUploads } from "@/components/studio/uploads/upload-provider";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import type { VideoDto } from "@/lib/contract/films";

// The player (Vidstack, hls.js) loads only when a video is opened.
const VideoPlayerModal = dynamic(() => import("@/components/studio/player/video-player-modal").then((m) => m.VideoPlayerModal), { ssr: false });

/** The gallery's videos (spec §2 Video list): upload (pick or drop), the grid, Replace and Delete. */
export function VideosSection() {
  const { folder, gallery, setGallery, videos, videosLoading, videosChecked } = useEditor();
  const { enqueue, items } = useUploads();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const replacePicker = useRef<HTMLInputElement>(null);
  // The film a picked file is for, and whether it is its next version (the current one kept) or Replace.
  const replacing = useRef<{ video: VideoDto; keepPrevious: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [openVideoId, setOpenVideoId] = useState<string | null>(null);
  const openVideo = videos.find((v) => v._id === openVideoId) ?? null;
  const target = { galleryId: gallery._id };

  // A running upload of a new file for a video, by video id.
  const replaceProgress = new Map(items.filter((i) => i.target.replaceVideoId && (i.status === "queued" || i.status === "uploading")).map((i) => [i.target.replaceVideoId!, i.percentage]));

  function pickFileFor(video: VideoDto, keepPrevious: boolean) {
    replacing.current = { video, keepPrevious };
    replacePicker.current?.click();
  }

  async function remove(video: VideoDto) {
    if (!(await confirm(TEXTS.confirmDelete.video))) return;
    try {
      await apiCall(doors.videos.remove, { params: { videoId: video._id } });
    } catch (e) {
      toast.error((e as Error).message);
      return;
    }
    queryClient.setQueryData<VideoDto[]>(queryKeys.galleryVideos(gallery._id), (list) => list?.filter((v) => v._id !== video._id));
    setGallery((g) => ({ ...g, selectedVideos: g.selectedVideos.filter((id) => id !== video._id) }));
    void queryClient.invalidateQueries({ queryKey: queryKeys.galleryVideos(gallery._id) });
  }

  async function retry(video: VideoDto) {
    try {
      await apiCall(doors.videos.retry, { params: { videoId: video._id } });
      toast.success(`Processing ${video.title} again`);
    } catch (e) {
      toast.error((e as Error).message);
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.galleryVideos(gallery._id) });
  }

  function onDrop(e: React.DragEvent) {
    e.preventDefault();
    setDragging(false);
    const files = Array.from(e.dataTransfer.files);
    if (files.length) void enqueue(files, target);
  }

  return (
    <Panel
      title={`${folder.name} | ${gallery.name}`}
      actions={
        <button type="button" className={buttonClass("primary")} onClick={() => picker.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload
        </button>
      }
    >
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={`rounded-2xl transition ${dragging ? "ring-2 ring-brand-500 ring-offset-4" : ""}`}
        data-testid="video-drop-zone"
      >
        {videosLoading ? (
          <p role="status" className="py-14 text-center text-sm text-zinc-500">
            {TEXTS.loadingVideos}
          </p>
        ) : videos.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center">
            <p className="font-medium text-zinc-700">{TEXTS.noVideos}</p>
            <p className="mt-1 text-sm text-zinc-500">Drop video files here, or choose them with Upload.</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Videos">
            {videos.map((v) => (
              <VideoCard
                key={v._id}
                video={v}
                replacing={replaceProgress.get(v._id)}
                onDelete={() => void remove(v)}
                onRetry={() => void retry(v)}
                checked={videosChecked}
                onReplace={() => pickFileFor(v, false)}
                onUploadVersion={() => pickFileFor(v, true)}
                onOpen={() => setOpenVideoId(v._id)}
              />
            ))}
          </ul>
        )}
      </div>
      {openVideo && (
        <VideoPlayerModal
          key={openVideo._id}
          video={openVideo}
          onClose={() => setOpenVideoId(null)}
          onUploadVersion={() => pickFileFor(openVideo, true)}
          uploadingVersion={replaceProgress.get(openVideo._id)}
        />
      )}
      <input
        ref={picker}
        type="file"
        accept="video/*"
        multiple
        hidden
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          if (files.length) void enqueue(files, target);
        }}
      />
      <input
        ref={replacePicker}
        type="file"
        accept="video/*"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          const chosen = replacing.current;
          if (file && chosen) void enqueue([file], { galleryId: gallery._id, replaceVideoId: chosen.video._id, ...(chosen.keepPrevious ? { keepPrevious: true } : {}) });
        }}
      />
    </Panel>
  );
}
