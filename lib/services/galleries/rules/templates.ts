// Gallery layout templates (spec §2 New Template, §9): only one layout is offered.
export const GALLERY_TEMPLATES = [{ id: "classic", name: "Classic" }] as const;

export type TemplateId = (typeof GALLERY_TEMPLATES)[number]["id"];
export const TEMPLATE_IDS = GALLERY_TEMPLATES.map((t) => t.id) as [TemplateId, ...TemplateId[]];
