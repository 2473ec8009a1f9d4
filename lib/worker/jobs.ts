// The worker's registry: for each kind of job (lib/jobs/kinds.ts: name, payload, options), the one
// place that says what a worker does with it — its handler (a call into the service that owns the
// work) and what happens after a failed attempt: `onRetry` when another follows, `onFinalFailure`
// after the last. The worker (./worker.ts) subscribes to exactly these and nothing else.
// Arrows: worker → this registry → services → lib/jobs (enqueue); lib/jobs imports no service.
import "@/lib/server-only";
import type { z } from "zod";
import {
  chunkJob,
  digestJob,
  domainCheckJob,
  exportExpireJob,
  exportJob,
  guestRemindersJob,
  importJob,
  inviteSendJob,
  invitesDueJob,
  ladderJob,
  planLapseJob,
  previewJob,
  reviewDigestJob,
  storageSweepJob,
  transcriptJob,
  uploadCleanupJob,
  videoJob,
  webhookDeliveryJob,
  webhookProbeJob,
  webhookSweepJob,
  type JobKind,
} from "@/lib/jobs/kinds";
import {
  failChunkedLadder,
  processChunk,
  processLadder,
  stopOptimising,
  makePreview,
  expireStaleUploads,
  sweepOrphanedObjects,
  failVideo,
  processVideo,
  runTranscript,
  retryTranscript,
  failTranscript,
} from "@/lib/services/films";
import { recheckDomains } from "@/lib/services/studio";
import { sendDigests, sendDueReminders, sendDueInvites, sendScheduledInvite } from "@/lib/services/guests";
import { runPlanLapses } from "@/lib/services/money";
import { sendReviewDigests, pruneReviewEvents } from "@/lib/services/review";
import { expireExports, failExport, runExport, expireImportUploads, failImport, runImport } from "@/lib/services/data";
import { deliverInTurn, noteExpiringGalleries, probeEndpoint, queueDueDeliveries, sendActivityMails, sweepListeners } from "@/lib/services/platform";

export type JobDefinition<S extends z.ZodObject = z.ZodObject> = JobKind<S> & {
  /** Runs the job (its payload parsed with the kind's schema); what it returns is logged. A throw is a failed attempt. */
  handler(payload: z.infer<S>): Promise<unknown>;
  /** After a failed attempt that the queue will retry (its state put back for the next attempt). */
  onRetry?(payload: z.infer<S>, error: unknown): Promise<void>;
  /** After the last attempt failed: what the studio sees, or why nothing is left to do. */
  onFinalFailure(payload: z.infer<S>, error: unknown): Promise<void>;
};

function defineJob<S extends z.ZodObject>(kind: JobKind<S>, work: Pick<JobDefinition<S>, "handler" | "onRetry" | "onFinalFailure">): JobDefinition<S> {
  return { ...kind, ...work };
}

/** A scheduled run leaves nothing half-done for anyone to finish: the next run does the whole work again. */
const nextRunRedoesIt = async () => {};

export const JOBS: readonly JobDefinition[] = [
  defineJob(videoJob, {
    handler: (p) => processVideo(p.videoId, { thumbnailOnly: p.thumbnailOnly }),
    onFinalFailure: (p) => failVideo(p.videoId),
  }),
  defineJob(ladderJob, {
    handler: (p) => processLadder(p),
    // The film plays as published; it is just no longer being optimised.
    onFinalFailure: (p) => stopOptimising(p),
  }),
  defineJob(chunkJob, {
    handler: (p) => processChunk(p),
    // The film plays as published; it is just no longer being optimised.
    onFinalFailure: (p) => failChunkedLadder(p),
  }),
  defineJob(previewJob, {
    handler: (p) => makePreview(p.videoId),
    // Nothing to record: the film has no preview, so its guests do not see it; the next queuePreviews
    // (the gallery's price saved, a new watermark) or a new file queues it again.
    onFinalFailure: async () => {},
  }),
  defineJob(transcriptJob, {
    handler: (p) => runTranscript(p),
    // Queued again, the last attempt's reason kept for the studio's card.
    onRetry: (p) => retryTranscript(p),
    onFinalFailure: (p, error) => failTranscript(p, error),
  }),
  defineJob(exportJob, {
    handler: (p) => runExport(p.exportId),
    // A retry starts the export again from the beginning (queued, nothing done).
    onRetry: (p) => failExport(p.exportId, false),
    onFinalFailure: (p) => failExport(p.exportId, true),
  }),
  defineJob(importJob, {
    handler: (p) => runImport(p.importId),
    onRetry: (p) => failImport(p.importId, false),
    onFinalFailure: (p) => failImport(p.importId, true),
  }),
  defineJob(uploadCleanupJob, { handler: async () => ({ expired: await expireStaleUploads() }), onFinalFailure: nextRunRedoesIt }),
  defineJob(storageSweepJob, { handler: () => sweepOrphanedObjects(), onFinalFailure: nextRunRedoesIt }),
  defineJob(domainCheckJob, { handler: () => recheckDomains(), onFinalFailure: nextRunRedoesIt }),
  defineJob(digestJob, { handler: () => sendDigests(), onFinalFailure: nextRunRedoesIt }),
  defineJob(exportExpireJob, { handler: async () => ({ ...(await expireExports()), ...(await expireImportUploads()) }), onFinalFailure: nextRunRedoesIt }),
  defineJob(guestRemindersJob, { handler: async () => ({ ...(await sendDueReminders(new Date())), ...(await noteExpiringGalleries(new Date())) }), onFinalFailure: nextRunRedoesIt }),
  // A lapsed plan's reminder mail, and its galleries re-rendered with the footer once its grace ends.
  // A scheduled send left unsent after its last try is taken by the minute's sweep (invites-due).
  defineJob(inviteSendJob, { handler: (p) => sendScheduledInvite(p.inviteId), onFinalFailure: nextRunRedoesIt }),
  defineJob(invitesDueJob, { handler: () => sendDueInvites(), onFinalFailure: nextRunRedoesIt }),
  defineJob(planLapseJob, { handler: () => runPlanLapses(new Date()), onFinalFailure: nextRunRedoesIt }),
  // A gallery's review digest claims its activity in the transaction that records its mail: the next minute's run redoes a failed one.
  // Review events older than their week go with it (lib/services/review/review-events.ts); so do
  // the activity mails of events due at once (lib/services/platform/activity/mail.ts), taken in the mail's transaction too.
  defineJob(reviewDigestJob, {
    handler: async () => ({ ...(await sendReviewDigests(new Date())), ...(await pruneReviewEvents(new Date())), activity: await sendActivityMails(new Date()) }),
    onFinalFailure: nextRunRedoesIt,
  }),
  // An attempt that threw (the database, not the endpoint: that is a failed attempt, recorded) holds
  // its delivery for its lease; the minute's sweep queues it again after.
  defineJob(webhookDeliveryJob, { handler: (p) => deliverInTurn(p.deliveryId), onFinalFailure: nextRunRedoesIt }),
  defineJob(webhookProbeJob, { handler: (p) => probeEndpoint(p.endpointId), onFinalFailure: nextRunRedoesIt }),
  defineJob(webhookSweepJob, { handler: async () => ({ ...(await queueDueDeliveries()), listenersSwept: await sweepListeners() }), onFinalFailure: nextRunRedoesIt }),
];
