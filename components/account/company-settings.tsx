"use client";
import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Globe, ImagePlus, Trash2 } from "lucide-react";
import { FacebookIcon as Facebook, InstagramIcon as Instagram, YoutubeIcon as Youtube } from "@/components/ui/social-icons";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import type { BrandingInput } from "@/lib/validation/branding";
import { uploadAssetImage, UploadError } from "@/lib/browser/uploads/single-file";
import { UPLOAD_TYPES } from "@/lib/validation/uploads";
import { buttonClass } from "@/components/ui/button";
import { LAYOUT, UPLOAD_LIMITS } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";

export type Branding = {
  id: string;
  companyName: string;
  websiteUrl: string;
  socialLinks: { youtube: string; instagram: string; facebook: string };
  logoUrl: string | null;
  faviconUrl: string | null;
  whiteLabel: boolean;
  /** Where stored keys are served from (the CDN or the store itself). */
};

const input = "block w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

/** Spec §5: the preview adds https:// when it is missing. */
function withScheme(url: string): string {
  return !url || /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <section className="border-b border-zinc-100 pb-6">
      <h2 className="font-semibold">{title}</h2>
      {hint && <p className="mt-0.5 text-xs text-zinc-500">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function CompanySettings({ initial }: { initial: Branding }) {
  const router = useRouter();
  const [b, setB] = useState(initial);
  const [saving, setSaving] = useState<string | null>(null);

  async function save(key: string, obj: BrandingInput) {
    setSaving(key);
    try {
      const { admin } = await apiCall(doors.accounts.update, { params: { id: b.id }, body: { obj } });
      setB((prev) => ({ ...prev, companyName: admin.companyName, websiteUrl: admin.websiteUrl, socialLinks: admin.socialLinks }));
      toast.success("Saved");
      router.refresh();
      return true;
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : TEXTS.updateFailed);
      return false;
    } finally {
      setSaving(null);
    }
  }

  const textField = (key: string, label: string, value: string, onSave: (v: string) => Promise<boolean>, placeholder?: string) => (
    <TextSetting key={key} id={key} label={label} value={value} placeholder={placeholder} busy={saving === key} onSave={onSave} />
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-10 xl:grid-cols-[minmax(0,1fr)_320px]">
      <div className="min-w-0 space-y-6">
        <Section title="Company name">{textField("companyName", "Company name", b.companyName, (v) => save("companyName", { companyName: v }))}</Section>
        <ImageSetting
          title="Logo"
          hint="500x500 or larger, up to 40 MB. PNG, JPEG, WebP or GIF."
          field="companyLogoUrl"
          url={b.logoUrl}
          size={LAYOUT.companyLogoPx}
          rule={{ maxBytes: UPLOAD_LIMITS.logoMaxBytes, minPx: UPLOAD_LIMITS.logoMinPx, label: "logo" }}
          adminId={b.id}
          onChange={(url) => setB((p) => ({ ...p, logoUrl: url }))}
        />
        <ImageSetting
          title="Favicon"
          hint="32x32 or larger, up to 1 MB."
          field="companyFaviconUrl"
          url={b.faviconUrl}
          size={LAYOUT.faviconPx}
          rule={{ maxBytes: UPLOAD_LIMITS.faviconMaxBytes, minPx: UPLOAD_LIMITS.faviconMinPx, label: "favicon" }}
          adminId={b.id}
          onChange={(url) => setB((p) => ({ ...p, faviconUrl: url }))}
        />
        <Section title="Website and social links" hint="Your clients see these in every gallery.">
          <div className="space-y-4">
            {textField("websiteUrl", "Website URL", b.websiteUrl, (v) => save("websiteUrl", { websiteUrl: v }), "www.yourstudio.com")}
            {(["youtube", "instagram", "facebook"] as const).map((net) =>
              textField(net, { youtube: "YouTube", instagram: "Instagram", facebook: "Facebook" }[net], b.socialLinks[net], (v) => save(net, { socialLinks: { [net]: v } }), `${net}.com/yourstudio`),
            )}
          </div>
        </Section>
      </div>
      <BrandingPreview b={b} />
    </div>
  );
}

function TextSetting({ id, label, value, placeholder, busy, onSave }: { id: string; label: string; value: string; placeholder?: string; busy: boolean; onSave: (v: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState(value);
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        await onSave(draft.trim());
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-700">
          {label}
        </label>
        <input id={id} value={draft} placeholder={placeholder} onChange={(e) => setDraft(e.target.value)} className={input} />
      </div>
      <button type="submit" className={buttonClass("dark")} disabled={busy} aria-label={`Update ${label}`}>
        {busy ? "Saving…" : "Update"}
      </button>
    </form>
  );
}

type ImageProps = {
  title: string;
  hint: string;
  field: "companyLogoUrl" | "companyFaviconUrl";
  url: string | null;
  size: number;
  rule: { maxBytes: number; minPx: number; label: string };
  adminId: string;
  onChange: (url: string | null) => void;
};

function ImageSetting({ title, hint, field, url, size, rule, adminId, onChange }: ImageProps) {
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    setBusy(true);
    try {
      const key = await uploadAssetImage(file, rule);
      // The answer holds the new image's signed address (the store is private: no address is built here).
      const { admin } = await apiCall(doors.accounts.update, { params: { id: adminId }, body: { obj: { [field]: key } } });
      onChange(admin[field]);
      toast.success(`${title} updated`);
      router.refresh();
    } catch (e) {
      toast.error(e instanceof UploadError || e instanceof ApiError ? e.message : TEXTS.imageUploadFailed);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await apiCall(doors.accounts.update, { params: { id: adminId }, body: { obj: { [field]: null } } });
      onChange(null);
      router.refresh();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const inputId = `${field}-file`;
  return (
    <Section title={title} hint={hint}>
      <div className="flex flex-wrap items-start gap-4">
        <div
          className="grid aspect-square max-w-full shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-zinc-300 bg-zinc-50"
          style={{ width: size }}
          data-testid={`${field}-preview`}
        >
          {url ? <img src={url} alt={`${title} preview`} width={size} height={size} className="h-full w-full object-contain" /> : <ImagePlus className="h-8 w-8 text-zinc-400" aria-hidden="true" />}
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className={buttonClass("outline", "cursor-pointer")} aria-disabled={busy}>
            {busy ? "Uploading…" : url ? `Replace ${title.toLowerCase()}` : `Upload ${title.toLowerCase()}`}
          </label>
          <input ref={fileRef} id={inputId} type="file" accept={UPLOAD_TYPES.asset.join(",")} className="sr-only" disabled={busy} onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
          {url && (
            <button type="button" className={buttonClass("ghost", "text-red-700")} onClick={remove} disabled={busy}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
            </button>
          )}
        </div>
      </div>
    </Section>
  );
}

/** The phone-like live preview card (spec §2 Company setting). */
function BrandingPreview({ b }: { b: Branding }) {
  const socials = [
    { key: "youtube", url: b.socialLinks.youtube, Icon: Youtube },
    { key: "instagram", url: b.socialLinks.instagram, Icon: Instagram },
    { key: "facebook", url: b.socialLinks.facebook, Icon: Facebook },
  ].filter((s) => s.url);
  return (
    <aside aria-label="Branding preview" className="mx-auto w-full max-w-[300px] xl:sticky xl:top-24 xl:self-start">
      <div className="rounded-[2.5rem] border-[10px] border-zinc-900 bg-zinc-900 shadow-xl">
        <div className="flex min-h-[520px] flex-col items-center rounded-[1.8rem] bg-white px-6 pt-10 pb-4 text-center">
          <div className="grid h-28 w-28 place-items-center overflow-hidden rounded-full bg-zinc-100">
            {b.logoUrl ? (
              <img src={b.logoUrl} alt="" className="h-full w-full object-cover" />
            ) : (
              <span className="text-3xl font-bold text-zinc-400">{(b.companyName || "?").slice(0, 1).toUpperCase()}</span>
            )}
          </div>
          <p className="mt-4 text-lg font-semibold" data-testid="preview-company">
            {b.companyName || "Your studio"}
          </p>
          {b.websiteUrl && (
            <a
              href={withScheme(b.websiteUrl)}
              target="_blank"
              rel="noreferrer noopener"
              className="mt-6 inline-flex items-center gap-2 rounded-full bg-zinc-900 px-5 py-2 text-xs font-semibold tracking-wide text-white"
            >
              <Globe className="h-3.5 w-3.5" aria-hidden="true" /> VISIT WEBSITE
            </a>
          )}
          {socials.length > 0 && (
            <div className="mt-8">
              <p className="text-xs font-semibold tracking-widest text-zinc-500">FOLLOW US</p>
              <div className="mt-3 flex justify-center gap-3">
                {socials.map(({ key, url, Icon }) => (
                  <a
                    key={key}
                    href={withScheme(url)}
                    target="_blank"
                    rel="noreferrer noopener"
                    aria-label={key}
                    className="grid h-9 w-9 place-items-center rounded-full border border-zinc-200 text-zinc-700"
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                  </a>
                ))}
              </div>
            </div>
          )}
          <div className="flex-1" />
          {!b.whiteLabel && (
            <p className="text-[11px] text-zinc-500" data-testid="preview-made-with">
              made with Vidfolio
            </p>
          )}
        </div>
      </div>
    </aside>
  );
}
