// User-facing texts of the spec (§2, §5, §8), reproduced exactly. Import; never retype.
import { CAPTION_MAX_BYTES, CAPTION_MAX_CUES, DELIVERY_MAIL_LIMITS } from "@/lib/limits";
import { VIEWER_TEXTS } from "@/lib/viewer-texts";
import { PLAN_LAPSE_GRACE_DAYS } from "@/lib/plans";

const UPLOAD_FAILED = "Upload failed";

export const TEXTS = {
  // The public gallery's texts (TEXTS.viewer.*, and the few it shares with the studio).
  ...VIEWER_TEXTS,

  notFound: "404 - Page Not Found",

  // Sign-in and sign-up
  invalidCredentials: "Invalid email or password.",
  accountUnderReview: "Your account is under review. The review may take up to 48 hours; you will be able to sign in once it is approved.",
  notSuperadmin: "This sign-in is for super administrators only.",
  registrationSuccess:
    "Thank you for your submission. We are currently reviewing your request, and the process may take up to 48 hours. We appreciate your patience and understanding during this time.",
  registrationMailSubject: "Submission Received – Review in Progress",

  // Studio
  noGalleries: "No galleries added yet",
  loadingVideos: "Loading videos...",
  noVideos: "No Videos added yet",
  noVideosGrid: "No videos available at the moment.",
  noTrack: "No track added yet",
  noMedia: "No videos found.",
  titleUpdated: "Title Update",
  databaseUnavailable: "Vidfolio is briefly unavailable. Please try again in a moment.",
  storageUnavailable: "File storage is briefly unavailable. Please try again in a moment.",
  folderDeleted: "Folder Deleted successfully",
  chaptersSaved: "All chapters updated successfully!",
  chapterTitleRequired: "Chapter title is required.",
  chapterTimeFormat: "The chapter time must be hh:mm:ss.",
  loadingChapters: "Loading chapters...",
  noChapters: "No chapters yet. Play to a moment and choose Add chapter.",
  videoTitleSaved: "Title saved",
  thumbnailUpdated: "Thumbnail updated",
  thumbnailPending: "The new thumbnail is still being made; it will appear in the library shortly.",
  checking: "Checking...",
  processing: "Processing...",
  /**
   * A video that plays already while its streaming ladder is still being made (issue 20): waiting
   * its turn (null), or how much of the ladder is encoded (issue 39).
   */
  optimizing: (percent: number | null) => (percent === null ? "Ready · queued for optimising" : `Ready · optimising for streaming · ${percent} %`),
  domainActive: "Your domain is active.",
  // Why a video ended FAILED (Video.failureReason): each says what the studio can do about it.
  videoFailure: {
    empty: "The file is empty. Upload the video again (Replace).",
    unreadable: "This file is not a video we can read. Upload an MP4, MOV or another video file (Replace).",
    image: "This file is a still image (or a GIF), not a video. Upload a video file instead (Replace).",
    audioOnly: "This file has sound but no picture. Upload a video file instead (Replace).",
    noVideo: "This file has no video in it. Upload a video file instead (Replace).",
    noDuration: "This video has no length (0 seconds). Upload the full video file (Replace).",
    damaged: "This video file is incomplete or damaged (it may have been cut short while copying). Upload the original file again (Replace).",
    unsupported: "This video's format could not be converted for streaming. Export it as an H.264 MP4 or MOV and upload it again (Replace).",
    processing: "Processing failed. Use Retry processing; if it fails again, upload the file again (Replace).",
    check: "Its streaming versions did not pass the final check (their length or picture did not match the file). Use Retry processing; if it fails again, upload the file again (Replace).",
    notRetryable: "Processing this file again cannot help: upload a new file with Replace.",
    /** Appended to a rejection's reason: the file was deleted and its credits returned. */
    refunded: "The file was removed and its credits returned.",
    /** The credit history's line for that refund. */
    refundPurpose: (fileName: string) => `Returned: ${fileName} is not a playable video`,
  },

  // Folder view and its modals (spec §2 Folder view, Modals)
  newFolder: "New Folder",
  newGallery: "New Gallery",
  chooseLayout: "Choose Layout",
  createNewGallery: "Create New Gallery",
  noFolders: "No folders yet. Create a folder to start delivering galleries.",

  // Gallery editor (spec §2 Gallery side bar, preview header and panels)
  goBack: "Go Back",
  preview: "PREVIEW",
  newTab: "New Tab",
  subtitleOptional: "Subtitle (Optional)",
  addMedia: "+ Add Media",
  selectMedia: "Select Media",
  addToShowcase: "Add to Show Case",
  hints: {
    stillImage: "PNG, JPG, or JPEG (up to 40MB)",
    videoBackground: "16:9 Aspect Ratio up to 30 sec",
    audio: "Upload an audio track in MP3, AAC, WAV or OGG Format",
  },
  settingSaveFailed: "The setting could not be saved. Please try again.",
  fontSaveFailed: "The font could not be saved. Please try again.",
  showcaseSaveFailed: "The showcase could not be saved. Please try again.",

  // Names, titles and links (spec §5)
  nameRequired: "Name is required.",
  titleRequired: "Title is required.",
  customUrlInvalid: "Use 3 to 60 lower-case letters, digits and single hyphens, for example emma-and-james.",
  customUrlTaken: "This custom url is already taken. Please choose another one.",
  customUrlIsId: "A custom url cannot look like a gallery id (8-4-4-4-12 letters and digits). Please choose another one.",
  showcaseForeignVideo: "Only videos of this gallery can be showcased.",

  // Confirmations
  confirmDelete: {
    video: "Are you sure you want to delete this video?",
    chapter: "Are you sure you want to delete this chapter?",
    gallery: "Are you sure you want to delete this gallery?",
    folder: "Are you sure you want to delete this Folder?",
    row: "Are you sure you want to delete this row?",
  },

  // Uploads
  notEnoughCreditsUpload: "Not enough credits to upload!",
  purchaseCredits: "Purchase New credits to upload",
  notEnoughCredits: "Not enough credits!",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different request.",
  emailInUse: "Another account already uses this email.",
  invalidCreditPack: "Invalid credit pack.",
  backgroundImageType: "The background image must be a PNG, JPG or JPEG image.",
  audioType: "The track must be an MP3, AAC, WAV or OGG audio file.",
  backgroundVideoRule: "The background video must be 16:9 and at most 30 seconds long.",
  backgroundVideoUnfit: { processing: "Still processing", long: "Longer than 30 seconds", shape: "Not 16:9" },
  notEnoughCreditsDetail: (size: string, available: string) => `Not enough credits! File size: ${size}. Available credits: ${available}.`,
  fileTooLarge: (size: string, max = "40 MB") => `File too large (${size}). Maximum allowed size is ${max}.`,
  partFailed: (n: number) => `Part ${n} failed`,
  partNetworkError: (n: number) => `Network error on part ${n}`,
  imageUploadFailed: "Oops Image Uploading Failed....",
  audioUploadFailed: UPLOAD_FAILED,
  uploadFailed: UPLOAD_FAILED,
  uploadNetworkError: "Network error during upload",
  onlyVideoFiles: "Only video files can be uploaded here.",
  uploadTotalSize: "Total size",
  availableCredits: "Available credits",
  uploadStates: { queued: "Queued", uploading: "Uploading", completed: "Completed", failed: "Failed", interrupted: "Interrupted" },
  uploadInterruptedHint: "Choose the same file again to resume.",
  uploadsOffline: "You are offline. Uploads continue by themselves when the connection is back.",
  uploadWaitingForNetwork: "Waiting for the network",
  uploadRetryHint: "Retry continues from the parts already uploaded.",
  resumeWrongFile: (name: string) => `Choose the same file (${name}) to resume this upload.`,
  /** 409s of the upload state machine: the upload already reached (or is reaching) another state. */
  uploadState: {
    COMPLETING: "This upload is being completed.",
    COMPLETED: "This upload is already completed.",
    CANCELLED: "This upload was cancelled.",
    FAILED: "This upload failed. Please upload the file again.",
    EXPIRED: "This upload expired. Please upload the file again.",
  },
  uploadPartsRefused: "The upload could not be completed: some parts are missing or wrong.",
  uploadLargerThanDeclared: "The file is larger than announced. Please upload it again.",
  assetLimit: "You have too many unsaved branding images. Save or remove one, or wait an hour, then try again.",
  assetTypes: "Logos and favicons must be PNG, JPEG or WebP images (a favicon may also be an ICO file).",

  // Profile
  currentPasswordIncorrect: "Current password is incorrect.",
  passwordsDoNotMatch: "New passwords do not match.",
  updateFailed: "Update failed.",
  profileUpdated: "Profile updated successfully!",

  // Payments
  paymentSessionFailed: (provider: string) => `${provider} session creation failed.`,
  paymentError: "Something went wrong while initiating payment.",
  invalidSubscriptionPlan: "Invalid subscription plan.",
  paymentsNotConfigured: "Payments are not configured on this server yet, so nothing can be bought. Please contact support.",
  switchPlanTitle: (plan: string) => `Switch to ${plan}?`,
  switchPlanConfirm: (plan: string) =>
    `Your subscription moves to ${plan} now. The difference for the rest of this billing month is prorated on your next invoice, and an upgrade adds the larger yearly allotment at once.`,
  switchPlanButton: (plan: string) => `Switch to ${plan}`,
  switchingPlan: "Switching plan…",
  planChanged: (plan: string) => `Your plan is now ${plan}.`,
  apiReference: {
    title: "Vidfolio API reference",
    nav: "API reference",
    link: "API reference",
    document: "OpenAPI document",
    back: "Back to your account",
    noScript: "The reference needs JavaScript. The OpenAPI document itself is at /api/openapi.json.",
  },
  passwordResetMailSubject: "Reset your Vidfolio password",
  passwordResetRequested: "If an account uses this email address, we have sent it a link to choose a new password. The link works for one hour.",
  passwordResetDone: "Your password has been changed. Sign in with your new password.",
  passwordResetMismatch: "Passwords do not match.",
  passwordResetInvalid: "This reset link is not valid any more. Ask for a new one.",
  forgotPassword: "Forgot password?",
  listedToggle: "List on my domain's home page",
  /** The gallery's viewer language (issue 22 item 3), in the editor's Settings. */
  viewerLanguage: {
    label: "Viewer language",
    browser: "Guest's browser",
    hint: "With Guest's browser each guest sees the gallery, its buttons and the player in their browser's language (English when it is none of these); otherwise everyone sees the language chosen here. Guests can always switch at the foot of the page.",
  },
  listedHint: (home: string) => `Listed galleries are shown on ${home}/ with your name and logo. A password-protected gallery shows a lock and still asks for its password.`,
  listedNoDomain: "Add your own domain (Account → Domain Setting) to get a home page that lists the galleries you choose.",
  showPreview: "Show preview",
  backToEditing: "Back to editing",
  badges: { locked: "Locked", expires: "Expires", expired: "Expired" },
  noSubscription: "You have no subscription to manage.",
  testPaymentsOff: "Test payments are turned off on this server.",

  // Domain setting (spec §2 Domain setting)
  domain: {
    addDomain: "Add Domain",
    removeDomain: "Remove Domain",
    checkDns: "Check DNS",
    placeholder: "gallery.yourstudio.com",
    invalid: "Enter a domain name such as gallery.yourstudio.com (no http://, no path).",
    taken: "This domain is already used by another studio.",
    reserved: "This domain belongs to Vidfolio. Use a domain of your own.",
    none: "No custom domain is set yet.",
    removed: "The domain was removed.",
    dnsOk: (domain: string, target: string) => `${domain} points to ${target}. Your galleries are reachable on it.`,
    dnsWrongTarget: (domain: string, found: string, target: string) => `${domain} points to ${found}, not to ${target} yet. Change the CNAME record and check again.`,
    dnsMissing: (domain: string, target: string) => `No CNAME record for ${domain} was found yet. Add a CNAME record pointing to ${target}; changes can take up to 48 hours.`,
    dnsTimeout: "The DNS lookup took too long. Please try again in a moment.",
    dnsFailed: "The DNS lookup failed. Please try again in a moment.",
    noDomain: "Add a domain first.",
    pendingLabel: "Waiting for verification",
    pending: (domain: string) =>
      `${domain} is waiting for verification. Create the two DNS records below; it works as soon as the TXT record is found. We check by ourselves every few minutes, or use Check DNS.`,
    txtMissing: (domain: string) => `No TXT record _vidfolio.${domain} with your code was found yet. Create it as shown below; changes can take up to 48 hours.`,
    wrongTargetLabel: "Verified, but not pointing to Vidfolio",
    recordsTitle: "DNS records to create",
    recordType: "Type",
    recordName: "Name",
    recordValue: "Value",
    lastChecked: "Last checked",
  },

  access: {
    title: "Access",
    description: "Protect the gallery with a password, its downloads with a PIN, or let it expire on a date.",
    passwordSet: "A password protects this gallery.",
    passwordNone: "Anyone with the link can open this gallery.",
    passwordTooShort: "Use at least 8 characters for the password.",
    passwordHint: "At least 8 characters. A passphrase of four words is easy to share and hard to guess.",
    generatePassphrase: "Generate a passphrase",
    generatedPassphrase: "Share this passphrase with your viewers:",
    passwordSaved: "The password was saved. Viewers need it from now on.",
    passwordRemoved: "The password was removed.",
    expirySaved: "The expiry date was saved.",
    expiryRemoved: "The gallery no longer expires.",
    expiryInvalid: "Choose a valid date and time.",
    saveFailed: "The access settings could not be saved. Please try again.",
    pinLabel: "Download PIN",
    pinSet: "Downloads ask for a PIN.",
    pinNone: "No PIN: downloads (when turned on) need none.",
    pinHint: "4 to 8 digits. Only downloads ask for it: viewing stays free. Guests you let download skip it.",
    pinInvalid: "Use 4 to 8 digits for the download PIN.",
    pinSaved: "The download PIN was saved. Downloads ask for it from now on.",
    pinRemoved: "The download PIN was removed.",
  },

  // Guests and their personal links (issue 21).
  guests: {
    title: "Guests",
    description: "Each guest gets a personal link that opens the gallery without its password and tells you who watched.",
    nameLabel: "Name",
    emailLabel: "Email",
    expiryLabel: "Link expires on (optional)",
    mayDownloadLabel: "May download",
    mayDownloadHint: "Lets this guest download without the download PIN (when Downloads are on).",
    add: "Add guest",
    pasteToggle: "Paste a list",
    pasteLabel: "Guests, one a line",
    pasteHint: "Name <email>, Name, email · email, Name · or just the email. At most 500 a time.",
    pasteSubmit: "Add the list",
    pasteSummary: (added: number, updated: number, refused: number) => `${added} added, ${updated} updated, ${refused} refused.`,
    empty: "No guests yet. Add one above, or paste a list.",
    loadFailed: "The guests could not be loaded. Please try again.",
    saveFailed: "That did not work. Please try again.",
    added: "The guest was added.",
    updated: "The guest was updated.",
    copyLink: "Copy link",
    resend: "Re-send",
    send: "Send",
    revoke: "Revoke",
    revokeConfirm: (who: string) => `Revoke ${who}'s personal link? It stops working at once, also in a browser that opened it already.`,
    revoked: "The link was revoked.",
    sent: (who: string) => `The gallery was sent to ${who}.`,
    sendAll: "Send to guests",
    sendAllCount: (n: number) => (n === 1 ? "Send to 1 guest" : `Send to ${n} guests`),
    sendAllConfirm: (n: number) => (n === 1 ? "Mail the gallery to 1 guest, with their personal link?" : `Mail the gallery to ${n} guests, each with their personal link?`),
    sendAllDone: (sent: number, failed: number) => (failed ? `Sent to ${sent}; ${failed} could not be sent.` : sent === 1 ? "Sent to 1 guest." : `Sent to ${sent} guests.`),
    nobodyToSend: "No guest to send to: add one, or check that their links are not revoked or expired.",
    sendFailed: "The mail could not be sent. Please try again.",
    reminders: "Reminder mails",
    remindersHint: "Reminder mails 7, 3 and 1 days before the gallery expires",
    statusNotSent: "Not sent",
    statusSent: "Sent",
    statusOpened: "Opened",
    statusVisited: "Visited",
    badgeRevoked: "Revoked",
    badgeExpired: "Expired",
    badgeMayDownload: "May download",
    expiresOn: "Link expires",
    nameRequired: "Enter the guest's name.",
    nameTooLong: "Use at most 100 characters for the name.",
    expiryInvalid: "Choose a valid date for the link's expiry.",
    expiryPast: "The link's expiry must be in the future.",
    guestsInvalid: "Send at least one guest with a name and an email.",
    guestsOrList: "Send either guests or a pasted list.",
    listInvalid: "The list must be text, one guest a line.",
    listEmpty: "The list is empty: put one guest on each line.",
    tooMany: "At most 500 guests at a time.",
    galleryFull: "This gallery has reached 2000 guests.",
    lineNoEmail: "No email address on this line.",
    lineTwoEmails: "More than one email address on this line.",
    lineBadEmail: "Not a valid email address.",
    lineDuplicate: "This address is listed twice: the first line counts.",
    notSendableRevoked: "This guest's link is revoked: add the guest again for a new link.",
    notSendableExpired: "This guest's link has expired: give it a later date first.",
    galleryExpired: "The gallery has expired: extend it before sending links.",
    mailButton: "Open the gallery",
    // The delivery mail's subject: fixed, never a studio's or guest's words (issue 36 item 9).
    mailSubject: "A film gallery has been shared with you",
    sendLimitGuest: `This guest has been sent the gallery ${DELIVERY_MAIL_LIMITS.perGuestPerHour} times in the last hour. Please wait before sending it again.`,
    sendLimitStudio: `Your studio has sent ${DELIVERY_MAIL_LIMITS.perStudioPerHour.toLocaleString("en-US")} delivery mails in the last hour. Please wait before sending more.`,
    sendAllLimited: (n: number) =>
      n === 1
        ? "1 guest was not sent: the hourly limit of delivery mails was reached. Try again later."
        : `${n} guests were not sent: the hourly limit of delivery mails was reached. Try again later.`,
  },

  // The studio's insights of a gallery (issue 21).
  insights: {
    title: "Insights",
    description: "Who watched what: each viewer, how much of each film, and the parts watched again.",
    empty: "No one has watched yet. Share the gallery's link, or send it to your guests: their views appear here.",
    loadFailed: "The insights could not be loaded. Please try again.",
    retry: "Try again",
    viewers: "Viewers",
    visits: "Visits",
    watchTime: "Watch time",
    downloads: "Downloads",
    films: "Films",
    uniqueViewers: (n: number) => (n === 1 ? "1 viewer" : `${n} viewers`),
    filmWatchTime: (time: string) => `${time} watched`,
    filmDownloads: (n: number) => (n === 1 ? "1 download" : `${n} downloads`),
    heatLabel: (title: string) => `Which parts of ${title} were watched`,
    heatNone: "Not watched yet.",
    heatUnknownLength: "Its length is not known yet (still processing).",
    heatSummary: (covered: number, from: string, to: string, times: string) => `${covered} % of the film was watched by someone; the most watched part is ${from}–${to} (${times}).`,
    timesWatched: (t: number) => (Math.abs(t - 1) < 0.05 ? "watched once" : `watched ${t.toLocaleString("en-GB", { maximumFractionDigits: 1 })} times`),
    viewerTable: "Viewers of this gallery",
    viewerColumn: "Viewer",
    cameBackColumn: "Came back",
    downloadsColumn: "Downloads",
    invited: "Invited",
    visitCount: (n: number) => (n === 1 ? "1 visit" : `${n} visits`),
    lastSeen: "last",
    notWatched: "—",
    notWatchedPart: "not watched",
    sortLabel: "Order",
    sortRecent: "Last seen first",
    sortName: "By name",
    previous: "Previous",
    next: "Next",
    pageOf: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
    downloadCsv: "Download CSV",
    removedGuest: "Guest (link removed)",
    loadingChart: "Loading the chart…",
  },

  // The studio's business at a glance (issue 39 item 6): each gallery card's figures, and the
  // studio home's recent activity across its galleries.
  glance: {
    films: (n: number) => (n === 1 ? "1 film" : `${n} films`),
    lastVisit: "Last visit",
    noVisits: "No visits yet",
    guestsDescription: "Personal links for each guest, and the mails that send them.",
    activityTitle: "Recent activity",
    activityEmpty: "Nothing yet. When your guests open, watch or download your films, or you send a gallery to a guest, it shows here.",
    activityFailed: "The recent activity could not be loaded.",
    /** A visit without a film watched or downloaded: "Anna Berg opened the gallery". */
    visited: (name: string) => `${name} opened the gallery`,
    /** "Sent to Anna Berg" */
    sent: (name: string) => `Sent to ${name}`,
    moreFilms: (n: number) => (n === 1 ? "…and 1 more film" : `…and ${n} more films`),
  },

  // The daily digest mail and its setting (issue 21).
  digest: {
    settingTitle: "Notifications",
    settingLabel: "Daily digest of what your guests watched",
    settingHint: "One mail a day (after midnight UTC) when your guests watched or downloaded something the day before, instead of a mail per event.",
    settingOn: "The daily digest is on.",
    settingOff: "The daily digest is off.",
    saveFailed: "The setting could not be saved. Please try again.",
    subject: "What your guests watched",
    heading: "What your guests watched",
    /** The lines name the guests active that day; what each line says is their total so far (a film's % watched counts every visit). */
    intro: (period: string) => `Your guests who watched or downloaded on ${period}, with what each has watched and downloaded so far.`,
    button: "Open your studio",
    more: (n: number) => (n === 1 ? "…and 1 more in your studio's insights." : `…and ${n} more in your studio's insights.`),
    footer: "You get this digest because you turned it on in your Vidfolio account settings.",
    /** "Anna watched 92 % of Ceremony, downloaded it"; null when the row says nothing. */
    line: (a: { name: string; film: string; watched: string | null; downloads: number; shares: number; casts: number }): string | null => {
      const did = [
        a.downloads > 0 ? (a.downloads === 1 ? "downloaded it" : `downloaded it ${a.downloads} times`) : null,
        a.shares > 0 ? "shared it" : null,
        a.casts > 0 ? "cast it to a TV" : null,
      ].filter((x): x is string => x !== null);
      if (a.watched) return [`${a.name} watched ${a.watched} of ${a.film}`, ...did].join(", ");
      if (did.length === 0) return null;
      return `${a.name} ${did.join(", ").replace(/\bit\b/, () => a.film)}`;
    },
  },

  // A film's captions (issue 22): why a caption file was refused (lib/captions.ts), and its language and label.
  captions: {
    tooLarge: `The file is larger than ${CAPTION_MAX_BYTES / (1024 * 1024)} MB, far more than captions take: check that it is the caption file.`,
    fileHint: `SRT or WebVTT file (up to ${CAPTION_MAX_BYTES / (1024 * 1024)} MB)`,
    loading: "Loading captions...",
    notText: "The file is not readable text. Save the captions as UTF-8 (Windows-1252 also works) and upload them again.",
    empty: "The file has no captions.",
    notCaptions: "The file is neither SRT nor WebVTT. Upload captions as an .srt or .vtt file.",
    tooManyCues: `The file has more than ${CAPTION_MAX_CUES.toLocaleString("en-US")} captions.`,
    /** A cue's time is missing or malformed (or names a minute or second of 60 or more). */
    badTiming: (cue: number, line: number) =>
      `Caption ${cue} (line ${line}) has a missing or invalid time. Times look like 00:01:02,500 (SRT) or 00:01:02.500 (WebVTT), with minutes and seconds below 60.`,
    endBeforeStart: (cue: number, line: number) => `Caption ${cue} (line ${line}) does not end after it starts: its end time must be later than its start time.`,
    languageUnknown: "Choose a language from the list.",
    labelRequired: "Give the captions a label, for example “English”.",
    labelTooLong: (max: number) => `Use at most ${max} characters for the label.`,
    labelOneLine: "The label must be a single line of text.",
    changedMeanwhile: "This film's captions were changed at the same moment elsewhere. Reload and try again.",
    deleteConfirm: "Are you sure you want to delete these captions?",
    none: "No captions added yet",
    uploaded: "Captions saved.",
    fileRequired: "Choose an .srt or .vtt file to upload.",
    /** The Add form's language already has captions: uploading replaces their file. */
    replaces: (label: string) => `This film already has captions in this language (${label}): uploading replaces their file.`,
  },

  // Account → Export (issue 23): everything of the studio in one ZIP, made by a worker.
  export: {
    title: "Export",
    intro:
      "Take everything with you: one ZIP of every gallery's films, thumbnails, captions, background media and music, with a vidfolio-export.json of your folders, galleries, settings, chapters, guests and credit history (and a SHA-256 of every file). Exports are free and do not use credits.",
    start: "Start export",
    starting: "Starting…",
    running: "An export of this studio is already running. Wait for it to finish.",
    queued: "Waiting for a worker…",
    packing: (done: string, total: string) => `Packing ${done} of ${total}`,
    ready: "Your export is ready.",
    download: "Download export",
    availableUntil: "Available until",
    packed: (files: number) => (files === 1 ? "1 file" : `${files} files`),
    failed: "The export failed. Start it again; nothing was charged.",
    expired: "The last export has expired. Start a new one to download everything again.",
    // A studio keeps one export (issue 36 item 11): a new one replaces it once it is ready.
    replaces: "A new export replaces your previous one once it is ready; until then the previous one stays available.",
    previous: "Your previous export is still available until the new one is ready.",
    downloadPrevious: "Download previous export",
    none: "No export yet.",
    startFailed: "The export could not be started. Please try again.",
    notReady: "There is no export ready to download.",
    workerLost: "The worker making this export stopped.",
    mailSubject: "Your Vidfolio export is ready",
    mailHeading: "Your export is ready",
    mailBody: (size: string, until: string) =>
      `The export of your studio (${size}) is ready: every gallery's films and files and a vidfolio-export.json of your galleries, settings and guests. Download it from your account until ${until}; after that it is deleted.`,
    mailButton: "Download your export",
  },

  // Account → Export → Import (issue 23): an export brought back into an empty studio.
  import: {
    title: "Import an export",
    intro:
      "Bring a Vidfolio export back: choose its ZIP (vidfolio-export-….zip). Every file is checked against its SHA-256 before anything is added. Imports go into a studio without folders, and the imported files use credits as an upload does.",
    notEmpty: "The studio is not empty: an export is imported into a studio without folders.",
    choose: "Choose an export ZIP",
    uploading: (percent: number) => `Uploading the ZIP… ${percent} %`,
    queued: "Uploaded. Waiting for a worker…",
    importing: (done: string, total: string) => `Importing ${done} of ${total}`,
    done: (s: { galleries: number; videos: number; files: number }) =>
      `Imported ${s.galleries === 1 ? "1 gallery" : `${s.galleries} galleries`}, ${s.videos === 1 ? "1 video" : `${s.videos} videos`} and ${s.files === 1 ? "1 file" : `${s.files} files`}.`,
    /** Imported films are checked and processed as uploads are (issue 36 item 10). */
    processing: "Each film is checked and processed as an upload is: it shows Processing in its gallery until it plays, and a file that is not a video says why.",
    renamed: (from: string, to: string) => `The link ${from} was taken: that gallery is at ${to}.`,
    failed: "The import failed. Nothing was added or charged; try again.",
    cancel: "Cancel",
    cancelled: "The import was cancelled. Nothing was added or charged.",
    running: "An import is already open for this studio. Wait for it to finish or cancel it.",
    notOpen: "This import is no longer open.",
    sizeMismatch: "The uploaded ZIP is not the size announced. Try again.",
    notZip: "Choose the .zip file of a Vidfolio export.",
    /** Why a file is refused: what in it is not as an export is written. */
    notAnExport: (why: string) => `Not a Vidfolio export: ${why}`,
    workerLost: "The worker making this import stopped.",
    purpose: (fileName: string) => `Import of ${fileName}`,
  },

  // Account → Webhooks (issue 38.4): endpoints, their delivery log, and the mail when one is disabled.
  webhooks: {
    title: "Webhooks",
    intro:
      "Tell your other tools (a CRM, an automation) when something happens in your studio: Vidfolio sends each event you choose to your endpoint as a signed JSON POST, and retries for 3 days when it fails.",
    add: "Add endpoint",
    url: "Endpoint URL",
    events: "Events",
    create: "Add endpoint",
    creating: "Adding…",
    secretTitle: "Signing secret",
    secretOnce: "Copy this signing secret now: it is shown once. Your endpoint checks the Vidfolio-Signature header with it.",
    copy: "Copy",
    copied: "Copied",
    done: "Done",
    none: "No endpoints yet.",
    enabled: "Enabled",
    failingSince: (since: string) => `Failing since ${since}`,
    disabled: "Disabled",
    disabledAfterFailures: (on: string) => `Disabled on ${on} after 3 days of failures`,
    enable: "Enable",
    disable: "Disable",
    delete: "Delete",
    deleteTitle: "Delete this endpoint?",
    deleteBody: "Vidfolio stops sending it events, and its delivery log is deleted.",
    endpointDeleted: "Webhook endpoint deleted.",
    deliveries: "Deliveries",
    noDeliveries: "No deliveries yet.",
    replay: "Replay",
    replayed: "Sent again.",
    older: "Older deliveries",
    status: { pending: "Pending", delivered: "Delivered", failed: "Failed" },
    noAnswer: "No answer",
    atMost: (n: number) => `A studio has at most ${n} webhook endpoints.`,
    pickEvent: "Choose at least one event.",
    badUrl: "Enter the endpoint's full address (https://…).",
    httpsOnly: "The endpoint must be an https:// address.",
    privateAddress: "The endpoint must be a public address (not a private, loopback or link-local one).",
    enableFirst: "Enable the endpoint before replaying its deliveries.",
    mailSubject: "A Vidfolio webhook endpoint was disabled",
    mailHeading: "Your webhook endpoint was disabled",
    mailBody: (url: string, since: string) =>
      `Vidfolio could not deliver events to ${url} since ${since}, so the endpoint was disabled and no more events are sent to it. Check the endpoint, then enable it again on Account → Webhooks.`,
    mailButton: "Open Account → Webhooks",
  },

  // When a Pro or Unlimited plan ends (issue 23.4): the grace, its notices and its mails
  // (lib/services/plan-lapse.ts). Dates are passed in words (mailDate: 'December 2, 2026').
  planLapse: {
    /** Under the plan cards (/pricing and Account → Plan & Billing). */
    graceNote: `${PLAN_LAPSE_GRACE_DAYS} days' grace if a plan ends: your galleries, custom domain and white-labeling stay as they are, and you can export everything. Nothing is ever deleted because a plan ends.`,
    /** The plan page while a lapsed plan's grace runs. */
    notice: (plan: string, endedOn: string, graceEnd: string) =>
      `Your ${plan} plan ended on ${endedOn}. Your galleries keep their white-labeling until ${graceEnd}; after that they show a “made with Vidfolio” footer. Nothing is deleted.`,
    exportLink: "Export everything",
    /** What a studio's galleries are during the grace and after it (every lapse mail says it). */
    /** With no date when the end is not known yet (a failed payment). */
    graceLine: (graceEnd: string | null) =>
      `Nothing is deleted. For ${PLAN_LAPSE_GRACE_DAYS} days after the plan ends${graceEnd ? `, until ${graceEnd},` : ""} your galleries stay exactly as they are: readable by your clients, white-labeled, and on your custom domain.`,
    afterLine: (graceEnd: string | null) =>
      `${graceEnd ? `After ${graceEnd}` : `After those ${PLAN_LAPSE_GRACE_DAYS} days`} your galleries stay readable at the same addresses (your custom domain keeps working) and show a small “made with Vidfolio” footer. Your films, guests and remaining credits stay in your studio, and you can keep uploading with On Demand credits.`,
    exportLine: "Whatever your plan, you can download everything at any time from Account → Export: one ZIP of every film and file, with your galleries, settings and guests.",
    exportButton: "Open Account → Export",
    planPageLink: "Account → Plan & Billing",
    footer: "You get this mail because it is about your Vidfolio subscription.",

    endingSubject: (plan: string, endsOn: string) => `Your ${plan} plan ends on ${endsOn}`,
    endingHeading: (plan: string) => `Your ${plan} plan is set to end`,
    endingIntro: (plan: string, endsOn: string) => `Your ${plan} plan will not renew: it ends on ${endsOn}. Until then everything works as it does now.`,
    endingUndo: (endsOn: string) => `Changed your mind? Keep the plan from Manage billing before ${endsOn}:`,

    failedSubject: (plan: string) => `We could not renew your ${plan} plan`,
    failedHeading: "Your renewal payment did not go through",
    failedIntro: (plan: string) => `The payment renewing your ${plan} plan was declined.`,
    failedRetry: (retryOn: string) => `We will try again on ${retryOn}. To avoid that, update your card from Manage billing on Account → Plan & Billing.`,
    failedLastTry: "No more tries are planned: pay the invoice or update your card from Manage billing on Account → Plan & Billing.",
    failedEnds: "If no payment goes through, the plan ends. Then:",

    endedSubject: (plan: string) => `Your ${plan} plan has ended`,
    endedHeading: (plan: string) => `Your ${plan} plan has ended`,
    endedIntro: (plan: string, endedOn: string) => `Your ${plan} plan ended on ${endedOn}, and your studio is now on On Demand.`,
    resubscribe: "Subscribe again at any time and white-labeling comes back at once:",

    graceEndingSubject: (graceEnd: string) => `Your galleries' white-labeling ends on ${graceEnd}`,
    graceEndingHeading: (days: number) => (days <= 1 ? "Your grace ends tomorrow" : `Your grace ends in ${days} days`),
    graceEndingIntro: (plan: string, endedOn: string, graceEnd: string) =>
      `Your ${plan} plan ended on ${endedOn}. Since then your galleries have stayed exactly as they were, white-labeled, and they stay so until ${graceEnd}.`,
  },

  // Account → API (issue 38): a studio's API keys.
  apiKeys: {
    title: "API keys",
    intro:
      "A key lets your own tools (a CRM, a render queue, an automation) call Vidfolio as your studio: send it as Authorization: Bearer <key>. It can do only what its scopes allow, never changes your password, billing, domain or keys, and stops working the moment you revoke it.",
    create: "Create key",
    creating: "Creating…",
    name: "Name",
    namePlaceholder: "e.g. Render queue",
    scopes: "Scopes",
    scopeHelp: {
      read: "Read folders, galleries, films, chapters and settings.",
      write: "Create, change and delete folders, galleries, films, chapters, guests and settings.",
      uploads: "Upload films and files into galleries (start, send parts, complete).",
      insights: "Read what your guests watched (gallery insights and their CSV).",
    },
    scopeRequired: "Choose at least one scope.",
    nameRequired: "Give the key a name.",
    nameTooLong: "The name can be at most 80 characters.",
    nameOneLine: "The name must be one line.",
    unknownScope: "Scopes are read, write, uploads and insights.",
    createdTitle: "Your new API key",
    createdOnce: "Copy it now. You won't see it again.",
    copy: "Copy key",
    copied: "Key copied",
    done: "Done",
    none: "No API keys yet.",
    prefix: "Key",
    created: "Created",
    lastUsed: "Last used",
    neverUsed: "Never used",
    revoke: "Revoke",
    revokeConfirm: (name: string) => `Revoke the key "${name}"? Anything using it stops working at once.`,
    revoked: "Key revoked",
    revokedOn: "Revoked",
    tooMany: (max: number) => `A studio can have ${max} keys at once. Revoke one you no longer use first.`,
    scopeRefused: (scope: string) => `This API key may not do that: this call needs the "${scope}" scope.`,
    signInOnly: "API keys cannot be used here: this call is for a person signed in to Vidfolio.",
  },

  // Credits and billing (issue 39 item 4)
  creditKinds: { used: "Used", purchased: "Purchased", granted: "Granted" },
  starterAllowancePurpose: "Starter allowance",
  paymentsWarning: {
    title: "Payments are not configured",
    body: "Studios cannot buy plans or credits: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/operations.md). New studios start on their starter allowance.",
  },
  billing: {
    currentPlan: "Current plan",
    renews: "Renews on",
    ends: "Ends on",
    storageUsed: "Storage used",
    storageOf: (used: string, of: string) => `${used} of ${of}`,
    storageUsedOnly: (used: string) => `${used} used`,
    invoices: "Invoices",
    noInvoices: "No invoices yet.",
    invoiceDate: "Date",
    invoiceNumber: "Invoice",
    invoiceAmount: "Amount",
    invoiceStatus: "Status",
    invoiceOpen: "View",
    invoicesUnavailable: "The invoices could not be loaded just now. Please try again later.",
    yourPlan: "Your plan",
  },

  // API
  unauthorized: "Please sign in to continue.",
  forbidden: "You do not have permission to do that.",
  notFoundApi: "Not found.",
  badRequest: "The request is not valid.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  unstorableText: "The request contains characters that cannot be stored (a NUL byte or a broken Unicode sequence).",
  crossSiteRefused: "This request came from another site and was refused.",
  partUnavailable: "A part Vidfolio needs is unavailable (see checks).",
  bodyTooLarge: "The request is too large.",
} as const;
