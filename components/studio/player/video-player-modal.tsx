"use client";
// The Video Player modal (spec §2): title, created date, views and a Close X; the video (830×466,
// scaling down; a film of another shape at its own, as high as the dialog allows); a 300 px side panel with GENERAL, ADVANCE (chapters), CAPTIONS and
// REVIEW (the film's comments).
import { useRef, useState } from "react";
import * as Tabs from "@radix-ui/react-tabs";
import { Eye } from "lucide-react";
import type { MediaPlayerInstance } from "@vidstack/react";
import { VideoPlayer } from "@/components/player/video-player";
import { GeneralPanel } from "@/components/studio/player/general-panel";
import { ChaptersPanel } from "@/components/studio/player/chapters-panel";
import { useChapters } from "@/components/studio/player/use-chapters";
import { CaptionsPanel, useCaptions } from "@/components/studio/player/captions-panel";
import { ReviewPanel } from "@/components/studio/player/review-panel";
import { VersionsPanel } from "@/components/studio/player/versions-panel";
import { DateTime } from "@/components/ui/date-time";
import { TEXTS } from "@/lib/texts";
import { LAYOUT } from "@/lib/limits";
import { filmAspect } from "@/lib/services/films/rules/film-aspect";
import type { VideoDto } from "@/lib/contract/films";
import { DialogShell, DialogTitleBar } from "@/components/ui/dialog";

type Props = {
  video: VideoDto;
  onClose: () => void;
  /** Opens the file picker for the film's next version (the gallery's upload queue). */
  onUploadVersion?: () => void;
  /** Its upload in progress (0–100), if any. */
  uploadingVersion?: number;
};

const tabClass =
  "flex-1 border-b-2 border-transparent px-1.5 py-2 text-xs font-bold tracking-wider text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:border-brand-500 data-[state=active]:text-zinc-900";

export function VideoPlayerModal({ video: initial, onClose, onUploadVersion, uploadingVersion }: Props) {
  const [video, setVideo] = useState(initial);
  const [currentTime, setCurrentTime] = useState(0);
  const player = useRef<MediaPlayerInstance>(null);
  const { data: chapters = [] } = useChapters(video._id);
  const { data: captions } = useCaptions(video._id);
  const aspect = filmAspect(video.width, video.height);

  function seek(seconds: number) {
    const p = player.current;
    if (!p) return;
    p.currentTime = seconds;
    setCurrentTime(seconds);
    void p.play().catch(() => {});
  }

  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      overlayClassName="fixed inset-0 z-50 bg-zinc-950/70 backdrop-blur-[2px]"
      className="fixed top-1/2 left-1/2 z-50 max-h-[95vh] w-[calc(100vw-1.5rem)] max-w-[1200px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl focus:outline-none"
      testId="video-player-modal"
    >
      <DialogTitleBar title={video.title} titleTestId="player-title">
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-zinc-500">
          <DateTime value={video.createdAt} />
          <span className="inline-flex items-center gap-1" data-testid="player-views">
            <Eye className="h-4 w-4" aria-hidden="true" />
            {video.views} {video.views === 1 ? "view" : "views"}
          </span>
        </p>
      </DialogTitleBar>

      <div className="flex flex-col gap-5 p-5 lg:flex-row">
        <div className="min-w-0 flex-1" style={{ maxWidth: LAYOUT.videoFrame.width }}>
          {/* The film at its own shape, centred, no taller than the dialog leaves room for below its
              title bar: a 9:16 reel stands upright and whole, never in a 16:9 box. */}
          <div className="mx-auto" style={{ width: `min(100%, calc((95dvh - 9rem) * ${aspect}))` }} data-testid="player-frame">
            {video.playback ? (
              <VideoPlayer
                ref={player}
                title={video.title}
                playback={video.playback}
                poster={video.thumbnail}
                chapters={chapters}
                captions={captions}
                durationSec={video.durationSec}
                aspect={aspect}
                onTimeUpdate={setCurrentTime}
                className="rounded-xl"
              />
            ) : (
              <div className="grid w-full place-items-center rounded-xl bg-zinc-900 px-6 text-center text-sm text-zinc-300" style={{ aspectRatio: aspect }} role="status">
                {video.status === "FAILED" ? (video.failureReason ?? TEXTS.uploadStates.failed) : TEXTS.notPlayableYet}
              </div>
            )}
          </div>
        </div>

        <Tabs.Root defaultValue="general" className="w-full shrink-0 lg:w-[var(--panel)]" style={{ "--panel": `${LAYOUT.playerSidePanel}px` } as React.CSSProperties}>
          <Tabs.List aria-label="Video settings" className="mb-4 flex border-b border-zinc-200">
            <Tabs.Trigger value="general" className={tabClass}>
              {TEXTS.playerTabs.general}
            </Tabs.Trigger>
            <Tabs.Trigger value="advance" className={tabClass}>
              {TEXTS.playerTabs.advance}
            </Tabs.Trigger>
            <Tabs.Trigger value="captions" className={tabClass}>
              {TEXTS.playerTabs.captions}
            </Tabs.Trigger>
            <Tabs.Trigger value="review" className={tabClass}>
              {TEXTS.playerTabs.review}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="general" className="focus-visible:outline-none">
            <GeneralPanel video={video} currentTime={currentTime} onChange={setVideo} />
          </Tabs.Content>
          <Tabs.Content value="advance" className="focus-visible:outline-none">
            <ChaptersPanel videoId={video._id} currentTime={currentTime} onSeek={seek} />
          </Tabs.Content>
          <Tabs.Content value="captions" className="focus-visible:outline-none">
            <CaptionsPanel videoId={video._id} />
          </Tabs.Content>
          <Tabs.Content value="review" className="flex flex-col gap-3 focus-visible:outline-none">
            <VersionsPanel videoId={video._id} title={video.title} onUploadVersion={onUploadVersion} uploading={uploadingVersion} />
            <ReviewPanel videoId={video._id} duration={video.durationSec} currentTime={currentTime} onSeek={seek} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </DialogShell>
  );
}
