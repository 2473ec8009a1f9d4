// Every door of the API, declared once, by area. To add a door: declare it in its area's file with
// `door({...})` (lib/contract/door.ts), its answer's shape and type (`z.output`) beside it, add the
// area here if it is new, and serve it from its route file with `route(doors.<area>.<name>, handler)`
// (lib/http/index.ts). tests/unit/contract.test.ts fails while a route file and the contract disagree;
// /api/openapi.json lists it at once.
import type { Door } from "@/lib/contract/door";
import { accounts } from "@/lib/contract/accounts";
import { domains } from "@/lib/contract/domains";
import { payments } from "@/lib/contract/payments";
import { delivery } from "@/lib/contract/delivery";
import { folders, galleries } from "@/lib/contract/folders";
import { guests, insights } from "@/lib/contract/guests";
import { captions, chapters, transcripts, uploads, videos } from "@/lib/contract/films";
import { studioData } from "@/lib/contract/studio-data";
import { platform, publicGallery } from "@/lib/contract/public";
import { apiKeys, webhooks } from "@/lib/contract/integrations";
import { approvals, comments, guestComments, review } from "@/lib/contract/review";
import { activity } from "@/lib/contract/activity";
import { customers } from "@/lib/contract/customers";

export const doors = {
  accounts,
  domains,
  payments,
  delivery,
  customers,
  folders,
  galleries,
  guests,
  insights,
  videos,
  chapters,
  captions,
  transcripts,
  uploads,
  comments,
  guestComments,
  approvals,
  review,
  studioData,
  apiKeys,
  webhooks,
  publicGallery,
  platform,
  activity,
};

export type DoorName = { [A in keyof typeof doors]: `${A}.${Extract<keyof (typeof doors)[A], string>}` }[keyof typeof doors];

/** Every declared door with its name ("folders.rename"), in declaration order. */
export function allDoors(): { name: DoorName; door: Door }[] {
  return Object.entries(doors).flatMap(([area, group]) => Object.entries(group as Record<string, Door>).map(([key, d]) => ({ name: `${area}.${key}` as DoorName, door: d })));
}
