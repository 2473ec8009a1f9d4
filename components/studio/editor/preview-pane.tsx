"use client";
import { useMemo, useRef, useState } from "react";
import { ExternalLink, Monitor, Smartphone, Tablet } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { useFit } from "@/components/studio/editor/use-fit";
import { usePreviewFrame } from "@/components/studio/editor/use-preview-frame";
import { viewStateOf } from "@/lib/services/galleries/rules/gallery-preview";
import { deliveryLink, publicGalleryPath } from "@/lib/services/galleries/rules/gallery-paths";
import { PREVIEW } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import { BROWSER_LANGUAGE, LANGUAGE_PARAM } from "@/lib/viewer-i18n/language.cjs";

type Device = keyof typeof PREVIEW.widths;
const DEVICES: { device: Device; Icon: typeof Monitor }[] = [
  { device: "Mobile", Icon: Smartphone },
  { device: "Tablet", Icon: Tablet },
  { device: "Desktop", Icon: Monitor },
];

/** PREVIEW: the real gallery page in a frame, fed the editor's unsaved state (spec §2). */
export function PreviewPane() {
  const { gallery, videos, baseLink } = useEditor();
  const [device, setDevice] = useState<Device>(PREVIEW.defaultDevice);
  const width = PREVIEW.widths[device];
  const frame = useRef<HTMLIFrameElement>(null);
  const state = useMemo(() => viewStateOf(gallery, videos), [gallery, videos]);
  usePreviewFrame(frame, state);
  const { box, height, scale, measured } = useFit(width);

  return (
    <section id="preview" aria-labelledby="preview-heading" className="min-w-0 flex-1 scroll-mt-16 border-t border-zinc-200 bg-zinc-100/70 px-4 py-5 sm:px-5 lg:border-t-0 lg:border-l">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-4">
          <h2 id="preview-heading" className="text-sm font-bold tracking-[0.2em] text-zinc-900">
            {TEXTS.preview}
          </h2>
          <a href={deliveryLink(baseLink, gallery.customurl)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            {TEXTS.newTab}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          </a>
          <a href="#editor-section" className="text-sm font-medium text-zinc-600 hover:underline lg:hidden">
            {TEXTS.backToEditing} ↑
          </a>
        </div>
        <div role="group" aria-label="Device" className="inline-flex rounded-lg border border-zinc-200 bg-white p-0.5 shadow-sm">
          {DEVICES.map(({ device: d, Icon }) => (
            <button
              key={d}
              type="button"
              aria-pressed={device === d}
              onClick={() => setDevice(d)}
              className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-xs font-semibold ${device === d ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100"}`}
            >
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
              {d}
            </button>
          ))}
        </div>
      </div>
      <div ref={box} className={`mt-4 w-full ${measured ? "" : "invisible"}`}>
        <div className="mx-auto overflow-hidden rounded-xl border border-zinc-300 bg-zinc-950 shadow-lg" style={{ width: Math.floor(width * scale), height }} data-testid="preview-box">
          <iframe
            ref={frame}
            title="Gallery preview"
            // A fixed viewer language is shown at once (the frame reloads in it); "auto": the studio's browser's.
            src={`${publicGalleryPath(gallery.customurl, true)}${gallery.setting.language === BROWSER_LANGUAGE ? "" : `?${LANGUAGE_PARAM}=${gallery.setting.language}`}`}
            data-device={device}
            style={{ width, height: Math.ceil(height / scale), transform: `scale(${scale})`, transformOrigin: "top left", border: 0 }}
          />
        </div>
        {scale < 1 && <p className="mt-2 text-center text-xs text-zinc-600">{`${device} ${width} px, shown at ${Math.round(scale * 100)}%`}</p>}
      </div>
    </section>
  );
}
