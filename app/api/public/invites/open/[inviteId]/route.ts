// GET /api/public/invites/open/:inviteId?s=<signature> (public): the delivery mail's open pixel. Always
// a 1×1 GIF, never cached, for any well-formed id and any signature (it says nothing about whether the
// invite exists; a path that is no id at all is a 404 like every door's); with this app's signature
// of the id it records the mail's first opening (openedAt, once), unless a page of this app asked for
// it (its Referer is this app's origin: the studio's preview of the mail, not the guest's inbox).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { fromThisApp, PIXEL_GIF, recordOpened } from "@/lib/services/guests";

export const dynamic = "force-dynamic";

export const GET = route(doors.publicGallery.inviteOpened, async ({ req, params, query }) => {
  await recordOpened(params.inviteId, query.s, new Date(), fromThisApp(req.headers.get("referer"), req.url));
  return new Response(new Uint8Array(PIXEL_GIF), {
    headers: { "content-type": "image/gif", "content-length": String(PIXEL_GIF.length), "cache-control": "no-store, no-cache, private, max-age=0" },
  });
});
