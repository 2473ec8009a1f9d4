"use client";
import { toast } from "sonner";
import { useEditor } from "@/components/studio/editor/editor-context";
import { AccessPanel } from "@/components/studio/editor/access-panel";
import { Card, Panel } from "@/components/studio/editor/panel";
import { Toggle } from "@/components/studio/editor/toggle";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import type { GallerySetting, SettingKey } from "@/lib/validation/galleries";
import { BROWSER_LANGUAGE, LANGUAGE_NAMES, VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";

const TOGGLES: { key: Exclude<SettingKey, "listed" | "language">; label: string }[] = [
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

  async function save<K extends SettingKey>(key: K, next: GallerySetting[K]) {
    const before = gallery.setting[key];
    const put = (value: GallerySetting[K]) => setGallery((g) => ({ ...g, setting: { ...g.setting, [key]: value } }));
    put(next);
    try {
      await apiCall(doors.galleries.settings, { params: { id: gallery._id }, body: { setting: { [key]: next } } });
    } catch {
      put(before);
      toast.error(TEXTS.settingSaveFailed);
    }
  }
  const flip = (key: Exclude<SettingKey, "language">, next: boolean) => save(key, next);

  return (
    <Panel title={TEXTS.gallerySections.settings} description="Which buttons the gallery's viewers get.">
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
      <Card className="mt-4 py-3">
        <label htmlFor="setting-language" className="block text-sm font-medium text-zinc-800">
          {TEXTS.viewerLanguage.label}
        </label>
        <select
          id="setting-language"
          value={gallery.setting.language}
          onChange={(e) => void save("language", e.target.value)}
          aria-describedby="setting-language-hint"
          className="mt-1.5 w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
        >
          <option value={BROWSER_LANGUAGE}>{TEXTS.viewerLanguage.browser}</option>
          {VIEWER_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code as keyof typeof LANGUAGE_NAMES]}
            </option>
          ))}
        </select>
        <p id="setting-language-hint" className="mt-1.5 text-xs text-zinc-500">
          {TEXTS.viewerLanguage.hint}
        </p>
      </Card>
      <AccessPanel galleryId={gallery._id} />
    </Panel>
  );
}
