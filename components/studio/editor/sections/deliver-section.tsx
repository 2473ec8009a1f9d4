"use client";
import { useRef, useState } from "react";
import { Check, Copy, Pencil } from "lucide-react";
import { toast } from "sonner";
import { useEditor } from "@/components/studio/editor/editor-context";
import { copyText } from "@/components/studio/editor/copy-text";
import { Card, Panel } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { deliveryLink } from "@/lib/services/galleries/rules/gallery-paths";
import { SLUG_LENGTH } from "@/lib/services/galleries/rules/slug";
import { TEXTS } from "@/lib/texts";
import { customUrlSchema } from "@/lib/validation/galleries";
import { PaymentCard } from "@/components/studio/editor/payment-card";
import { AudienceChoice } from "@/components/studio/editor/audience";

/** The delivery link: base link plus custom url; Customize/Save edits it; Copy Link copies it; who may open it (its audience). */
export function DeliverSection() {
  const { gallery, setGallery, baseLink } = useEditor();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(gallery.customurl);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const link = deliveryLink(baseLink, gallery.customurl);

  async function toggle() {
    if (!editing) {
      setDraft(gallery.customurl);
      setError(null);
      setEditing(true);
      requestAnimationFrame(() => input.current?.focus());
      return;
    }
    const parsed = customUrlSchema.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TEXTS.customUrlInvalid);
    if (parsed.data === gallery.customurl) return setEditing(false);
    setBusy(true);
    try {
      await apiCall(doors.galleries.updateText, { body: { galleryId: gallery._id, customurl: parsed.data } });
      setGallery((g) => ({ ...g, customurl: parsed.data }));
      setEditing(false);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : TEXTS.serverError);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    try {
      await copyText(link);
      toast.success(TEXTS.linkCopied);
    } catch {
      toast.error("The link could not be copied. Select it and copy it by hand.");
    }
  }

  return (
    <Panel title={TEXTS.gallerySections.deliver} description="Send this link to your client to deliver the gallery.">
      <Card>
        <label htmlFor="custom-url" className="block text-sm font-medium text-zinc-700">
          Gallery link
        </label>
        <div className={`mt-1.5 flex items-stretch overflow-hidden rounded-lg border ${error ? "border-red-400" : "border-zinc-300"} shadow-sm`}>
          <span className="flex max-w-[55%] items-center truncate border-r border-zinc-200 bg-zinc-50 px-3 text-sm text-zinc-500" title={`${baseLink}/`} data-testid="base-link">
            {baseLink}/
          </span>
          <input
            ref={input}
            id="custom-url"
            value={editing ? draft : gallery.customurl}
            readOnly={!editing}
            aria-readonly={!editing}
            aria-invalid={!!error}
            aria-describedby={error ? "custom-url-error" : "custom-url-hint"}
            maxLength={SLUG_LENGTH.max}
            onChange={(e) => {
              setDraft(e.target.value.toLowerCase());
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && editing) toggle();
              if (e.key === "Escape" && editing) setEditing(false);
            }}
            className={`min-w-0 flex-1 px-3 py-2 text-sm outline-none ${editing ? "bg-white text-zinc-900" : "bg-white text-zinc-700"}`}
          />
        </div>
        {error ? (
          <p id="custom-url-error" role="alert" className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        ) : (
          <p id="custom-url-hint" className="mt-1.5 text-xs text-zinc-500">
            Lower-case letters, digits and hyphens.
          </p>
        )}
        <div className="mt-5 flex flex-wrap gap-2">
          <button type="button" className={buttonClass(editing ? "primary" : "outline")} onClick={toggle} disabled={busy}>
            {editing ? <Check className="h-4 w-4" aria-hidden="true" /> : <Pencil className="h-4 w-4" aria-hidden="true" />}
            {editing ? "Save" : "Customize"}
          </button>
          <button type="button" className={buttonClass("dark")} onClick={copy} disabled={editing}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            Copy Link
          </button>
        </div>
      </Card>
      <p className="mt-4 text-sm break-all text-zinc-600">
        <span className="font-medium text-zinc-800">Your client opens: </span>
        <a href={link} target="_blank" rel="noopener noreferrer" className="literal break-all text-brand-700 hover:underline" data-testid="delivery-link">
          {link}
        </a>
      </p>
      <Card className="mt-4">
        <AudienceChoice galleryId={gallery._id} />
      </Card>
      <PaymentCard galleryId={gallery._id} />
    </Panel>
  );
}
