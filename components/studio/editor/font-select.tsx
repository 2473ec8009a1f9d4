"use client";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, ChevronDown } from "lucide-react";
import { fontFamily, FONT_PLACEHOLDER, GALLERY_FONTS, isChosenFont } from "@/lib/services/galleries/rules/fonts";
import { CURATED_FONTS, isCuratedFont } from "@/lib/services/galleries/rules/font-pairs";
import { TEXTS } from "@/lib/texts";

type Props = { id: string; label: string; value: string; onChange: (font: string) => void };

const itemClass = "flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-base text-zinc-800 outline-none select-none data-[highlighted]:bg-zinc-100";
const groupLabelClass = "px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase";

/**
 * A font dropdown: the placeholder until a font is chosen; the specification's fonts, then the
 * curated faces (lib/services/galleries/rules/font-pairs.ts), every one shown in its own face (a
 * face's file loads when the list is opened: the editor declares the faces, the browser fetches
 * those it draws).
 */
export function FontSelect({ id, label, value, onChange }: Props) {
  const chosen = isChosenFont(value) || isCuratedFont(value);
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-zinc-700">
        {label}
      </span>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-labelledby={`${id}-label ${id}-value`}
          data-testid={id}
          className="mt-1.5 flex w-full items-center justify-between rounded-lg border border-zinc-300 bg-white px-3 py-2 text-left text-sm shadow-sm hover:border-zinc-400 data-[state=open]:border-brand-500"
        >
          <span id={`${id}-value`} className={chosen ? "text-base text-zinc-900" : "text-zinc-500"} style={chosen ? { fontFamily: fontFamily(value) } : undefined}>
            {chosen ? value : FONT_PLACEHOLDER}
          </span>
          <ChevronDown className="h-4 w-4 text-zinc-500" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            aria-label={`${label} fonts`}
            className="z-50 max-h-[min(22rem,var(--radix-dropdown-menu-content-available-height))] w-[var(--radix-dropdown-menu-trigger-width)] overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-xl"
          >
            <DropdownMenu.RadioGroup value={chosen ? value : ""} onValueChange={onChange}>
              <DropdownMenu.Label className={groupLabelClass}>{TEXTS.fontGroups.standard}</DropdownMenu.Label>
              {GALLERY_FONTS.map((font) => (
                <FontItem key={font} font={font} />
              ))}
              <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
              <DropdownMenu.Label className={groupLabelClass}>{TEXTS.fontGroups.curated}</DropdownMenu.Label>
              {CURATED_FONTS.map((font) => (
                <FontItem key={font} font={font} />
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

function FontItem({ font }: { font: string }) {
  return (
    <DropdownMenu.RadioItem value={font} className={itemClass} style={{ fontFamily: fontFamily(font) }}>
      {font}
      <DropdownMenu.ItemIndicator>
        <Check className="h-4 w-4 text-brand-600" aria-hidden="true" />
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}
