"use client";
import { Upload } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Panel } from "@/components/studio/editor/panel";
import { VideoThumb } from "@/components/studio/editor/video-thumb";
import { DateTime } from "@/components/ui/date-time";
import { buttonClass } from "@/components/ui/button";
import { TEXTS } from "@/lib/texts";

/** The gallery's videos: 'folder name | gallery name' and the upload button (spec §2 Video list). */
export function VideosSection() {
  const { folder, gallery, videos } = useEditor();
  return (
    <Panel
      title={`${folder.name} | ${gallery.name}`}
      actions={
        <button type="button" className={buttonClass("primary")} disabled title={TEXTS.mediaComingSoon}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload
        </button>
      }
    >
      {videos.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center">
          <p className="font-medium text-zinc-700">{TEXTS.noVideos}</p>
          <p className="mt-1 text-sm text-zinc-500">{TEXTS.mediaComingSoon}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {videos.map((v) => (
            <li key={v._id} className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm">
              <div className="relative">
                <VideoThumb video={v} className="w-full" />
                {v.status !== "READY" && (
                  <span className="absolute inset-0 grid place-items-center bg-white/70 text-sm font-medium text-zinc-700">{TEXTS.processing}</span>
                )}
              </div>
              <div className="p-3">
                <p className="truncate text-sm font-semibold text-zinc-900">{v.title}</p>
                <p className="text-xs text-zinc-500">
                  <DateTime value={v.createdAt} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
