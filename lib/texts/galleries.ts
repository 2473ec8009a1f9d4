// Folders and the gallery editor: its sections, the Show Case, background media and music, the
// look, names and links, listing on the studio's home, the viewer language and the gallery's access.
// One part of TEXTS (lib/texts/index.ts): import TEXTS; a text lives in one module only.
import { VIEWER_TEXTS } from "@/lib/viewer-i18n/english";

/** The films a studio picks to show first in its gallery: one name in the studio (the spec's 'Add to Show Case'). */
const SHOWCASE = "Show Case";

export const galleryTexts = {
  // The studio's lists and the editor's media dialog
  noGalleries: "No galleries added yet",
  noTrack: "No track added yet",
  noMedia: "No videos found.",
  titleUpdated: "Title Update",
  folderDeleted: "Folder Deleted successfully",
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
  addToShowcase: `Add to ${SHOWCASE}`,
  /**
   * The editor's sections, one name each, for the side bar's link and the section's heading
   * (spec §2: the 'Ambient Music' panel, 'Gallery Styles', the deliver section labelled Link).
   */
  gallerySections: {
    videos: "Videos",
    linkmediamain: SHOWCASE,
    heading: "Heading",
    background: "Background",
    music: "Ambient Music",
    styles: "Gallery Styles",
    settings: "Settings",
    deliver: "Link",
    guests: "Guests",
    review: "Review",
    insights: "Insights",
  },
  showcase: {
    description: `The films your guests see first, under “${VIEWER_TEXTS.gallery.featuredFilms}”, in this order.`,
    empty: `No videos in the ${SHOWCASE} yet.`,
    order: `${SHOWCASE} order`,
    remove: (title: string) => `Remove ${title} from the ${SHOWCASE}`,
  },
  hints: {
    stillImage: "PNG, JPG, or JPEG (up to 40MB)",
    videoBackground: "16:9 Aspect Ratio up to 30 sec",
    audio: "Upload an audio track in MP3, AAC, WAV or OGG Format",
  },
  fontSaveFailed: "The font could not be saved. Please try again.",
  // The font dropdowns' groups and the pair picker (components/studio/editor/font-pair-picker.tsx).
  fontGroups: { standard: "Standard fonts", curated: "Curated faces" },
  fontPairs: "Font pairs",
  fontPairsHint: "A display face for the headings and a text face for the body, chosen together.",
  fontPairFaces: (heading: string, body: string) => `${heading} & ${body}`,
  // The gallery's look (components/studio/editor/look-card.tsx).
  lookHeading: "Colours and cover",
  lookAccent: "Accent colour",
  lookText: "Text colour",
  lookPicker: "colour picker",
  lookDefaultColour: "The page's own (#rrggbb)",
  lookHexInvalid: "Use a colour as #rrggbb (six hexadecimal digits).",
  lookLowContrast: "This text colour is hard to read on the gallery's dark background (below WCAG AA, 4.5 : 1). Choose a lighter colour.",
  lookFocus: "Cover focal point",
  lookFocusPick: "Click on the cover to choose the point kept in view",
  lookFocusNoImage: "Add a background image to choose its focal point.",
  lookFocusX: "Across (%)",
  lookFocusY: "Down (%)",
  lookSave: "Save colours and focal point",
  lookReset: "Use the page's own",
  lookSaved: "Colours and focal point saved.",
  lookSaveFailed: "The colours could not be saved. Please try again.",
  showcaseSaveFailed: `The ${SHOWCASE} could not be saved. Please try again.`,
  // Names, titles and links (spec §5)
  nameRequired: "Name is required.",
  titleRequired: "Title is required.",
  customUrlInvalid: "Use 3 to 60 lower-case letters, digits and single hyphens, for example emma-and-james.",
  customUrlTaken: "This custom url is already taken. Please choose another one.",
  customUrlIsId: "A custom url cannot look like a gallery id (8-4-4-4-12 letters and digits). Please choose another one.",
  showcaseForeignVideo: "Only videos of this gallery can be showcased.",
  backgroundImageType: "The background image must be a PNG, JPG or JPEG image.",
  audioType: "The track must be an MP3, AAC, WAV or OGG audio file.",
  backgroundVideoRule: "The background video must be 16:9 and at most 30 seconds long.",
  backgroundVideoUnfit: { processing: "Still processing", long: "Longer than 30 seconds", shape: "Not 16:9" },
  listedToggle: "List on my domain's home page",
  /** The gallery's viewer language, in the editor's Settings. */
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
  /** What a gallery's card says of its clients at a glance, and the galleries list's filter by it. */
  galleryStatus: {
    awaiting: (amount: string) => `Awaiting payment · ${amount}`,
    paid: "Paid",
    inReview: (open: number) => (open === 0 ? "In review" : `In review · ${open} open comment${open === 1 ? "" : "s"}`),
    changes: "Changes requested",
    approved: (approved: number, films: number) => `Approved · ${approved} of ${films} film${films === 1 ? "" : "s"}`,
    expiring: (days: number) => (days <= 0 ? "Expires today" : days === 1 ? "Expires tomorrow" : `Expires in ${days} days`),
    filterLabel: "Show",
    filters: { all: "All galleries", awaiting: "Awaiting payment", paid: "Paid", review: "In review", changes: "Changes requested", approved: "Approved", expiring: "Expiring soon" },
    noMatch: "No gallery in this folder matches.",
  },
  access: {
    title: "Access",
    description: "Protect the gallery with a password, its downloads with a PIN, or let it expire on a date.",
    passwordSet: "A password protects this gallery.",
    passwordNone: "Anyone with the link can open this gallery.",
    passwordNoneInvited: "No password: only your guests' personal links open this gallery.",
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
    // Who may open the gallery (its audience): Gallery.audience.
    audienceLabel: "Who can open this gallery",
    audienceLink: "Anyone with the link",
    audienceLinkHint: "The gallery link opens it (with its password, when it has one). Your guests' personal links open it too.",
    audienceInvited: "Only invited guests",
    audienceInvitedHint: "Only your guests' personal links open it (or its password, when it has one). Anyone else sees a notice with your contact, never the films.",
    audienceInvalid: 'Send audience as "link" or "invited".',
    audienceSaved: (invited: boolean) => (invited ? "Only invited guests can open the gallery now." : "Anyone with the link can open the gallery now."),
    bodyEmpty: "Nothing to change: set a password, a download PIN, an expiry or who may open the gallery.",
    /** The editor asks before saving an expiry already past (the door takes it: the gallery closes at once). */
    pastExpiryTitle: "Close the gallery now?",
    pastExpiryBody: (when: string) => `${when} is already past: the gallery will close at once and its guests will see the expired page.`,
    pastExpiryConfirm: "Close it now",
  },
  /** "Ask for access" on an expired gallery: the mail to its studio (lib/mail/emails/access-request.tsx). */
  accessRequest: {
    subject: (gallery: string) => `Someone asked for access to ${gallery}`,
    heading: "A guest asked for access",
    intro: (name: string, email: string, gallery: string) => `${name} (${email}) asked to see “${gallery}” again. The gallery has expired.`,
    message: "Their message:",
    hint: "To let them in, set a later expiry in the gallery's Settings, then write to them at the address above. Nothing was changed.",
    button: "Open the gallery's settings",
    footer: "Sent because someone used Ask for access on your expired gallery's page.",
  },
} as const;
