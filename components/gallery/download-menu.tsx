"use client";
// The gallery's Download menu: Radix's dropdown menu, in a portal over the page
// (never clipped by the hero), placed below the button or flipped above it, kept inside the screen
// and scrolling when the films outnumber the room. Loaded on the first press (the page stays light).
import { useRef } from "react";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { DownloadIcon } from "@/components/gallery/icons";
import { useViewer } from "@/components/gallery/viewer-locale";
import type { VideoCard } from "@/lib/services/galleries/rules/gallery-preview";
import type { DownloadClick } from "@/components/gallery/download-pin";
import { canPickFile, pickFile, type Sink } from "@/lib/browser/download-all/sinks";
import { archiveFileName } from "@/lib/services/public/rules/archive-names";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerClassName: string;
  videos: VideoCard[];
  /** In a gallery in review: the films still closed (not approved), which open once approved. */
  closedCount?: number;
  downloadHref: ((videoId: string) => string) | null;
  /** A download's click when the gallery asks for a PIN: it starts the download itself, so the menu closes here. */
  onDownload?: DownloadClick;
  /** Opened from the keyboard before the menu had loaded: its first film takes the focus, as Radix does for a keyboard open. */
  focusFirst?: boolean;
  /**
   * Download all: given the file the viewer picked (asked in the click's own turn, as
   * browsers require; null when this browser has no picker). None in the studio's preview.
   */
  onDownloadAll?: (picked: Promise<Sink | null> | null) => void;
  /** The ZIP's suggested name (the gallery's title). */
  archiveTitle?: string;
};

export default function DownloadMenu({ open, onOpenChange, triggerClassName, videos, closedCount = 0, downloadHref, onDownload, focusFirst = false, onDownloadAll, archiveTitle = "" }: Props) {
  const { t, count } = useViewer();
  const focused = useRef(false);
  return (
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Trigger className={triggerClassName}>
        <DownloadIcon className="h-4 w-4" />
        {t.gallery.download}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          side="bottom"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          // Radix focuses the menu itself as it opens; a keyboard open wants its first film (once).
          onFocus={(e) => {
            if (!focusFirst || focused.current || e.target !== e.currentTarget) return;
            focused.current = true;
            e.currentTarget.querySelector<HTMLElement>("[role=menuitem]")?.focus();
          }}
          className="z-50 max-h-[min(18rem,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-24px)] overflow-y-auto overscroll-contain rounded-xl bg-white p-1.5 text-sm text-zinc-900 shadow-2xl outline-none"
          data-testid="download-menu"
        >
          {downloadHref && videos.length > 0 && onDownloadAll && (
            <>
              <Menu.Item
                onSelect={() => onDownloadAll(canPickFile() ? pickFile(archiveFileName(archiveTitle)) : null)}
                className="flex cursor-pointer items-baseline justify-between gap-3 rounded-lg px-3 py-2 font-semibold outline-none hover:bg-zinc-100 data-[highlighted]:bg-zinc-100"
                data-testid="download-all-item"
              >
                {t.downloadAll.action}
                <span className="shrink-0 text-xs font-normal text-zinc-500">{count(t.studioHomeFilms, videos.length)}</span>
              </Menu.Item>
              {closedCount > 0 && (
                <p className="px-3 pb-1.5 text-xs text-zinc-500" data-testid="more-on-approval">
                  {count(t.downloadAll.moreOnApproval, closedCount)}
                </p>
              )}
              <Menu.Separator className="mx-2 my-1 h-px bg-zinc-200" />
            </>
          )}
          {downloadHref && videos.length > 0 ? (
            videos.map((v) => (
              <Menu.Item key={v._id} asChild>
                <a
                  href={downloadHref(v._id)}
                  download
                  onClick={
                    onDownload &&
                    ((e) => {
                      onDownload(e);
                      if (e.defaultPrevented) onOpenChange(false);
                    })
                  }
                  className="block truncate rounded-lg px-3 py-2 outline-none hover:bg-zinc-100 data-[highlighted]:bg-zinc-100"
                >
                  {v.title}
                </a>
              </Menu.Item>
            ))
          ) : (
            <p className="px-3 py-2 text-zinc-500">{videos.length > 0 ? t.downloadsInPreview : t.noFilmsToDownload}</p>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
