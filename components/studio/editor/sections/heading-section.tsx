"use client";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { toast } from "sonner";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Card, inputClass, Panel } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TOASTS } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import { SUBTITLE_MAX, subtitleSchema, TITLE_MAX, titleSchema } from "@/lib/validation/galleries";

const schema = z.object({ title: titleSchema, subtitle: subtitleSchema });
type Form = z.infer<typeof schema>;

/** Title (required) and Subtitle (Optional); the preview follows as you type (spec §2 Heading). */
export function HeadingSection() {
  const { gallery, setGallery } = useEditor();
  const { register, handleSubmit, control, formState } = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { title: gallery.title, subtitle: gallery.subtitle },
  });
  const [title, subtitle] = useWatch({ control, name: ["title", "subtitle"] });

  useEffect(() => {
    setGallery((g) => (g.title === title && g.subtitle === subtitle ? g : { ...g, title, subtitle }));
  }, [title, subtitle, setGallery]);

  const save = handleSubmit(async (values) => {
    try {
      await apiCall(doors.galleries.updateText, { body: { galleryId: gallery._id, ...values } });
      toast(TEXTS.titleUpdated, { position: "bottom-center", duration: TOASTS.titleUpdateMs });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : TEXTS.serverError);
    }
  });

  return (
    <Panel title={TEXTS.gallerySections.heading} description="The title and subtitle at the top of the gallery.">
      <Card>
        <form onSubmit={save} noValidate className="space-y-5">
          <div>
            <label htmlFor="gallery-title" className="block text-sm font-medium text-zinc-700">
              Title{" "}
              <span className="text-red-600" aria-hidden="true">
                *
              </span>
            </label>
            <input id="gallery-title" {...register("title")} aria-required="true" aria-invalid={!!formState.errors.title} maxLength={TITLE_MAX} className={inputClass} />
            {formState.errors.title && (
              <p role="alert" className="mt-1 text-sm text-red-600">
                {formState.errors.title.message}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="gallery-subtitle" className="block text-sm font-medium text-zinc-700">
              {TEXTS.subtitleOptional}
            </label>
            <input id="gallery-subtitle" {...register("subtitle")} maxLength={SUBTITLE_MAX} className={inputClass} />
          </div>
          <div className="flex justify-end">
            <button type="submit" className={buttonClass("primary")} disabled={formState.isSubmitting}>
              Update
            </button>
          </div>
        </form>
      </Card>
    </Panel>
  );
}
