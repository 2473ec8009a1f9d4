// Request bodies and query strings that name studio A's rows, for routes whose ids travel in the
// body or the query rather than the path. Keyed by "METHOD /api/pattern". A route not listed gets
// an empty body; list it here when it takes ids in its body, so the matrix exercises its
// ownership check instead of its validation.
import { TEST_PASSWORD } from "./factories";
import type { StudioData } from "./route-fixtures";

export type Probe = {
  body?: unknown;
  query?: Record<string, string>;
  /** The call names A's rows, so another studio must be refused (401/403/404). Default true. */
  mustRefuse?: boolean;
};

export const BODIES: Record<string, (a: StudioData) => Probe[]> = {
  "PATCH /api/webhooks/[endpointId]": () => [{ body: { enabled: false } }, { body: { url: "https://taken-over.example.test/in" } }],
  "POST /api/admin/login": (a) => [{ body: { email: a.admin.email, password: "wrong-password-123" }, mustRefuse: false }],
  "POST /api/admin/register": (a) => [{ body: { email: a.admin.email }, mustRefuse: false }],
  "PUT /api/admin/admin-update/[id]": () => [{ body: { obj: { companyName: "Taken over" } } }, { body: { obj: { status: "Not Active" } } }],
  "PUT /api/admin/update-plan/[adminId]": (a) => [{ body: { type: "used", credits: 1 } }, { body: { type: "purchased", sessionId: a.payment.providerSessionId } }],
  "PUT /api/folder/folders/[id]": () => [{ body: { name: "Taken over" } }],
  "PATCH /api/customers/[customerId]": () => [{ body: { name: "Taken over" } }, { body: { email: "taken-over@example.test" } }],
  // A filter naming A's folder lists only the caller's own galleries in it: none (an empty list, not a refusal).
  "GET /api/galleries": (a): Probe[] => [
    { query: { folderId: a.folder.id }, mustRefuse: false },
    { query: { folderId: a.folder.id, status: "review" }, mustRefuse: false },
  ],
  "PUT /api/galleries/galleries/[id]": () => [{ body: { name: "Taken over" } }],
  "POST /api/galleries/create": (a) => [{ body: { name: "Intruder", folderId: a.folder.id, templateId: "classic" } }],
  "PUT /api/galleries/update-gallery-title": (a) => [{ body: { galleryId: a.gallery.id, title: "Taken over" } }, { body: { galleryId: a.gallery.id, customurl: "taken-over-url" } }],
  "PUT /api/galleries/gallery/settings/[id]": () => [{ body: { setting: { download: false } } }],
  "PUT /api/galleries/gallery/[id]/price": () => [{ body: { amount: 100000, currency: "eur", payToUnlock: true } }, { body: { amount: 100000, currency: "eur", payToUnlock: false, reopen: true } }],
  "PUT /api/galleries/gallery/[id]/selected-videos": (a) => [{ body: { selectedVideoIds: [] } }, { body: { selectedVideoIds: [a.videos[1].id] } }],
  "PUT /api/galleries/gallery/[id]/background": (a) => [{ body: { imgUrl: null } }, { body: { imgUrl: a.bgKey } }, { body: { videoUrl: a.videos[0].id } }],
  "PUT /api/videos/updateVideo/[videoId]": (a) => [{ body: { title: "Taken over" } }, { body: { thumbnail: null } }, { body: { url: a.uploadKey } }],
  "POST /api/videos/createVideo": (a) => [{ body: { title: "Intruder", url: a.uploadKey, galleryId: a.gallery.id } }],
  "POST /api/products/check-file": (a) => [{ body: { fileName: a.videos[0].storageKey } }],
  "POST /api/products/delete-file": (a) => [
    { body: { fileName: a.videos[0].storageKey } },
    { body: { fileName: a.assetKey } },
    { body: { folderName: a.folder.id } },
    { body: { folderName: `${a.folder.id}/${a.gallery.id}` } },
  ],
  "POST /api/products/abort-multipart-upload": (a) => [{ body: { fileName: a.uploadKey, uploadId: a.upload.multipartUploadId } }],
  "POST /api/products/record-part": (a) => [{ body: { fileName: a.uploadKey, uploadId: a.upload.multipartUploadId, PartNumber: 1, ETag: '"etag"', Size: 10 } }],
  "POST /api/products/complete-multipart-upload": (a) => [{ body: { fileName: a.uploadKey, uploadId: a.upload.multipartUploadId, parts: [{ ETag: '"etag"', PartNumber: 1 }] } }],
  "GET /api/products/get-part-url": (a) => [{ query: { fileName: a.uploadKey, uploadId: a.upload.multipartUploadId!, partNumber: "1" } }],
  "GET /api/products/list-parts": (a) => [{ query: { fileName: a.uploadKey, uploadId: a.upload.multipartUploadId! } }],
  "POST /api/uploads/resume": (a) => [
    {
      body: { fileName: a.uploadKey, uploadId: a.upload.multipartUploadId, file: { name: a.upload.fileName, size: Number(a.upload.declaredBytes), lastModified: 0, firstPartSha256: "0".repeat(64) } },
    },
  ],
  "POST /api/products/start-multipart-upload": (a): Probe[] => [
    { query: { fileName: "x.mp4", fileType: "video/mp4", fileSize: "1000", galleryId: a.gallery.id } },
    { query: { fileName: "x.mp4", fileType: "video/mp4", fileSize: "1000", galleryId: a.gallery.id, replaceVideoId: a.videos[0].id } },
  ],
  "POST /api/products/generate-presigned-url": (a) => [{ query: { folderPath: `${a.folder.id}/${a.gallery.id}`, fileName: "x.png", fileType: "image/png", fileSize: "100" } }],
  "POST /api/chapters/createChapter": (a) => [{ body: { title: "Intruder", cuePoint: "00:00:01", videoId: a.videos[0].id } }],
  "PUT /api/chapters/updatechapters/[id]": (a) => [{ body: { title: "Taken over" } }, { body: { cuePoint: "00:00:02", videoId: a.videos[0].id } }],
  "GET /api/domains/ask": (a) => [{ query: { domain: a.admin.domainUrl! } }],
  "PUT /api/admin/update-domain/[adminId]": () => [{ body: { domainurl: "taken-over.example.com" } }, { body: { domainurl: null } }],
  "PUT /api/galleries/gallery/[id]/access": () => [
    { body: { password: "let-me-in-now" } },
    { body: { password: null, expiresAt: null } },
    { body: { downloadPin: "1234" } },
    { body: { downloadPin: null } },
    // Issue 55 item 2: switching who may open the gallery (A's is "link"), and back (later calls see it open).
    { body: { audience: "invited" } },
    { body: { audience: "link" } },
  ],
  // A gallery's guests (issue 21): add one, paste a list, the reminder toggle.
  "POST /api/galleries/gallery/[id]/invites": () => [
    { body: { guests: [{ name: "Intruder", email: "intruder@example.test" }], mayDownload: true } },
    { body: { list: "Intruder <intruder@example.test>\nother@example.test, Other", expiresAt: null } },
  ],
  "PUT /api/galleries/gallery/[id]/invites": () => [{ body: { remindersEnabled: false } }],
  // The guest door of A's public gallery, with a token that is no invite's: refused (403 invite_invalid) for anyone.
  "POST /api/public/galleries/[slug]/guest": () => [{ body: { token: "A".repeat(43) }, mustRefuse: false }],
  // Counts a view of a public video: the gallery's public face, but only for a viewer of that gallery.
  "POST /api/public/views": (a) => [{ body: { gallery: a.gallery.customUrl, videoId: a.videos[0].id }, mustRefuse: false }],
  // What a viewer played of a public video: the gallery's public face, for a viewer of that gallery.
  "POST /api/public/engagement": (a) => [{ body: { gallery: a.gallery.customUrl, videoId: a.videos[0].id, ranges: [[0, 5]] }, mustRefuse: false }],
  // A film's playlists and stream of A's public gallery: its public face, for viewers of that gallery.
  "GET /api/public/hls/[videoId]/[playlist]": (a): Probe[] => [
    { query: { g: a.gallery.customUrl }, mustRefuse: false },
    { query: { g: a.gallery.customUrl, h: "fallback" }, mustRefuse: false },
  ],
  "GET /api/public/stream/[videoId]": (a) => [{ query: { g: a.gallery.customUrl }, mustRefuse: false }],
  // A film's captions (issue 22): the file is the body; the language travels in the query.
  "POST /api/videos/captions/[videoId]": (): Probe[] => [{ query: { language: "en" }, body: "1\n00:00:01,000 --> 00:00:02,000\nIntruder\n" }, { query: { language: "fr", default: "true" } }],
  "PATCH /api/videos/captions/[videoId]/[captionId]": () => [{ body: { label: "Taken over" } }, { body: { isDefault: true } }, { body: { confirmed: true } }],
  // The cue editor (issue 61): a valid track's cues.
  "PUT /api/videos/captions/[videoId]/[captionId]/cues": () => [{ body: { cues: [{ start: 1, end: 2, text: "Intruder" }] } }],
  // A film's captions on A's public gallery: its public face, for viewers of that gallery.
  "GET /api/public/captions/[videoId]/[captionId]": (a) => [{ query: { g: a.gallery.customUrl }, mustRefuse: false }],
  "GET /api/public/chapters/[videoId]": (a) => [{ query: { g: a.gallery.customUrl }, mustRefuse: false }],
  // Review comments (issue 40): the studio's doors, and a guest's (A's gallery: only a guest of it with a review right is answered).
  "POST /api/videos/comments/[videoId]": (a) => [{ body: { text: "Intruder", time: 1 } }, { body: { text: "Intruder's reply", parentId: a.comment.id } }],
  "GET /api/videos/comments/[videoId]/markers": (): Probe[] => [{ query: { format: "csv" } }, { query: { format: "xml", version: "1" } }],
  "PATCH /api/videos/comments/[videoId]/[commentId]": () => [{ body: { resolved: true } }, { body: { text: "Taken over" } }],
  "GET /api/public/comments/[videoId]": (a) => [{ query: { g: a.gallery.customUrl } }],
  "POST /api/public/comments/[videoId]": (a) => [{ query: { g: a.gallery.customUrl }, body: { text: "Intruder", time: 1 } }],
  "PATCH /api/public/comments/[videoId]/[commentId]": (a) => [{ query: { g: a.gallery.customUrl }, body: { text: "Taken over" } }],
  "DELETE /api/public/comments/[videoId]/[commentId]": (a) => [{ query: { g: a.gallery.customUrl } }],
  // Approval (issue 40 item 5): the studio's review settings, and a guest's decision (A's gallery: only its guests who may approve).
  "PUT /api/galleries/gallery/[id]/review": () => [{ body: { mode: "delivery" } }, { body: { unlockOnApproval: false, revisionRounds: 1 } }],
  "GET /api/public/approval/[videoId]": (a) => [{ query: { g: a.gallery.customUrl } }],
  "PUT /api/public/approval/[videoId]": (a) => [
    { query: { g: a.gallery.customUrl }, body: { decision: "approved" } },
    { query: { g: a.gallery.customUrl }, body: { decision: "changes_requested", note: "Intruder" } },
  ],
  "POST /api/users/sentMail": (a) => [{ body: { to: a.admin.email, subject: "Hello", html: "<p>Hello</p>" } }],
  // Answers about the caller's own password only: another studio learns `valid: false`.
  "POST /api/validate-password": (a) => [{ body: { email: a.admin.email, password: TEST_PASSWORD }, mustRefuse: false }],
};
