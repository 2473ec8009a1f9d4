"use client";
import { toast } from "sonner";
import { useEditor } from "@/components/studio/editor/editor-context";
import { AccessPanel } from "@/components/studio/editor/access-panel";
import { Card, Panel } from "@/components/studio/editor/panel";
import { Toggle } from "@/components/studio/editor/toggle";
import { api } from "@/lib/api-client";
import { TEXTS } from "@/lib/texts";
import type { SettingKey } from "@/lib/validation/galleries";

const TOGGLES: { key: Exclude<SettingKey, "listed">; label: string }[] = [
  { key: "download", label: "Downloads Button" },
  { key: "share", label: "Share Button" },
  { key: "tv", label: "TV Connect Button" },
  { key: "playall", label: "Play All Button" },
];

/**
 * The four button toggles, and whether the gallery is listed on the studio's domain home page: each
 * flip shows at once and is saved at once, undone if it fails.
 */
export function SettingsSection() {
  const { gallery, setGallery, baseLink } = useEditor();
  // The studio's own domain (the delivery links' base is https://<domain> once it has one).
  const domain = baseLink.startsWith("https://") && !baseLink.includes("/", "https://".length) ? baseLink : null;

  async function flip(key: SettingKey, next: boolean) {
    const put = (value: boolean) => setGallery((g) => ({ ...g, setting: { ...g.setting, [key]: value } }));
    put(next);
    try {
      await api(`galleries/gallery/settings/${gallery._id}`, { method: "PUT", body: { setting: { [key]: next } } });
    } catch {
      put(!next);
      toast.error(TEXTS.settingSaveFailed);
    }
  }

  return (
    <Panel title="Settings" description="Which buttons the gallery's viewers get.">
      <Card className="divide-y divide-zinc-100 py-2">
        {TOGGLES.map(({ key, label }) => (
          <Toggle key={key} id={`setting-${key}`} label={label} checked={gallery.setting[key]} onChange={(next) => flip(key, next)} />
        ))}
      </Card>
      <Card className="mt-4 py-2">
        <Toggle id="setting-listed" label={TEXTS.listedToggle} checked={gallery.setting.listed} onChange={(next) => flip("listed", next)} />
        <p className="pb-3 text-xs text-zinc-500" data-testid="listed-hint">
          {domain ? TEXTS.listedHint(domain) : TEXTS.listedNoDomain}
        </p>
      </Card>
      <AccessPanel galleryId={gallery._id} />
    </Panel>
  );
}
