// Platform: the super admin's management of studios, the records it reads (mail outbox, audit
// log), health, the studio API's keys and signed webhooks (their endpoints, outbox and delivery), the
// studio's activity feed (written by every domain where things happen) and the live streams over
// LISTEN/NOTIFY both it and the live review stand on.
// The domain's entry: code outside lib/services/platform/ imports this module or rules/, nothing else.
export { authenticateApiKey, createApiKey, listApiKeys, recordKeyUse, revokeApiKey } from "./api-keys";
export { audit } from "./audit";
export { deleteClient, listClients, updateClient } from "./clients";
export { health } from "./health";
export { listAudit, listMail } from "./records";
export { deliverInTurn, probeEndpoint, queueDueDeliveries } from "./webhooks/deliver";
export { createEndpoint, deleteEndpoint, deliveryDetail, listDeliveries, listEndpoints, replayDelivery, sendTestEvent, updateEndpoint } from "./webhooks/endpoints";
export { dispatchDeliveries, publishEvent } from "./webhooks/publish";
export { LISTEN_SECRET_HEADER, listenSecret, listenStream, sweepListeners } from "./webhooks/listen";
export { publishViewerEvents } from "./webhooks/viewer-events";
export { recordActivity } from "./activity/record";
export { activityFeed, activityStream, markActivityRead } from "./activity/feed";
export { activityMailChoices, digestEvents, noteExpiringGalleries, sendActivityMails, setActivityMailChoices } from "./activity/mail";
export { NotifyBus, claimSlot, eventStreamResponse, liveStream, streamCursor, type LiveMessage } from "./live";
