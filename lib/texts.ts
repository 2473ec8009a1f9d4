// User-facing texts of the spec (§2, §5, §8), reproduced exactly. Import; never retype.
import { VIEWER_TEXTS } from "@/lib/viewer-texts";

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
  /** A video that plays already while its streaming ladder is still being made (issue 20). */
  optimizing: "Ready · optimising for streaming",
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
  passwordResetMailSubject: "Reset your Vidfolio password",
  passwordResetRequested: "If an account uses this email address, we have sent it a link to choose a new password. The link works for one hour.",
  passwordResetDone: "Your password has been changed. Sign in with your new password.",
  passwordResetMismatch: "Passwords do not match.",
  passwordResetInvalid: "This reset link is not valid any more. Ask for a new one.",
  forgotPassword: "Forgot password?",
  listedToggle: "List on my domain's home page",
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
    description: "Protect the gallery with a password, or let it expire on a date.",
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
