// Platform: the super admin's management of studios, the records it reads (mail outbox, audit
// log), health, and the studio API's keys and signed webhooks (their endpoints, outbox and delivery).
// The domain's entry: code outside lib/services/platform/ imports this module or rules/, nothing else.
export { authenticateApiKey, createApiKey, listApiKeys, recordKeyUse, revokeApiKey } from "./api-keys";
export { audit } from "./audit";
export { deleteClient, listClients, updateClient } from "./clients";
export { health } from "./health";
export { listAudit, listMail } from "./records";
export { deliverInTurn, probeEndpoint, queueDueDeliveries } from "./webhooks/deliver";
export { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, replayDelivery, updateEndpoint } from "./webhooks/endpoints";
export { dispatchDeliveries, publishEvent } from "./webhooks/publish";
export { publishViewerEvents } from "./webhooks/viewer-events";
