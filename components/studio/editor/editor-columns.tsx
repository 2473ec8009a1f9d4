"use client";
import { useSelectedLayoutSegment } from "next/navigation";
import { EditorSidebar } from "@/components/studio/editor/editor-sidebar";
import { PreviewPane } from "@/components/studio/editor/preview-pane";
import { EditorDropZone } from "@/components/studio/editor/editor-drop-zone";
import { WIDE_SECTIONS, isGallerySection } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

/**
 * The editor's columns: side bar, the section (children) and the live preview. From 1024 px three
 * columns; below, one: the sections as a strip, the section, the preview. A wide section (Insights)
 * takes the preview's place: its figures and tables need the width, and nothing in it is previewed.
 */
export function EditorColumns({ children }: { children: React.ReactNode }) {
  const segment = useSelectedLayoutSegment();
  const wide = segment !== null && isGallerySection(segment) && WIDE_SECTIONS.includes(segment);
  return (
    <div className="flex min-h-[calc(100vh-4rem)] flex-col lg:flex-row">
      <EditorSidebar />
      <main id="editor-section" className={`w-full scroll-mt-16 px-4 py-6 sm:px-6 ${wide ? "min-w-0 flex-1 lg:px-8" : "shrink-0 lg:w-[26rem] xl:w-[30rem]"}`}>
        {/* Below 1024 px the preview sits under the section: one tap away. */}
        {!wide && (
          <a href="#preview" className="mb-4 inline-flex items-center gap-1.5 rounded-full border border-zinc-300 bg-white px-3.5 py-1.5 text-xs font-semibold text-zinc-800 shadow-sm lg:hidden">
            {TEXTS.showPreview} ↓
          </a>
        )}
        {children}
      </main>
      {!wide && <PreviewPane />}
      <EditorDropZone />
    </div>
  );
}
