// Guests: the people a gallery is delivered to. Personal links and their delivery mail (now or
// scheduled), reminders before expiry, what they watched (engagement and its limits), the studio's
// insights, its recent activity and the daily digest.
// The domain's entry: code outside lib/services/guests/ imports this module or rules/, nothing else.
export { recentActivity } from "./activity";
export { notificationSettings, sendDigests, updateNotificationSettings } from "./digest";
export { recordEngagement, studioSessionsOf } from "./engagement";
export { galleryInsights, galleryInsightsCsv } from "./insights";
export { PIXEL_GIF, fromThisApp, mailImage, recordOpened } from "./invite-mail";
export { cancelScheduledSend, previewInvite, sendAllInvites, sendDueInvites, sendInvite, sendScheduledInvite } from "./invite-send";
export { addInvites, enterAsGuest, listInvites, revokeInvite, setReminders, updateInvite } from "./invites";
export { guestGalleryTitle, sendDueReminders, studioMailBrand } from "./reminders";
