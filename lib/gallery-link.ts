// The delivery link (spec §2 Delivery link box): the studio's custom domain when set, otherwise
// the default client gallery host, followed by the gallery's custom url. Pure: safe in the browser.

export type LinkHosts = { domainUrl: string | null; galleryBaseUrl: string | undefined; appUrl: string };

export function galleryBaseUrl({ domainUrl, galleryBaseUrl, appUrl }: LinkHosts): string {
  if (domainUrl) return `https://${domainUrl.replace(/\/+$/, "")}`;
  if (galleryBaseUrl) return galleryBaseUrl.replace(/\/+$/, "");
  return `${appUrl.replace(/\/+$/, "")}/g`;
}

export function deliveryLink(base: string, customUrl: string): string {
  return `${base}/${customUrl}`;
}
