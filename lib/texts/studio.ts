// The studio's account: its profile, branding images, own domain, and the export and import of
// everything it has.
// One part of TEXTS (lib/texts/index.ts): import TEXTS; a text lives in one module only.

export const studioTexts = {
  // Domain setting (spec §2 Domain setting), branding images and the profile
  domainActive: "Your domain is active.",
  emailInUse: "Another account already uses this email.",
  assetLimit: "You have too many unsaved branding images. Save or remove one, or wait an hour, then try again.",
  assetTypes: "Logos and favicons must be PNG, JPEG or WebP images (a favicon may also be an ICO file).",
  profileUpdated: "Profile updated successfully!",
  domain: {
    copyRecord: (type: string, part: "name" | "value") => `Copy ${type} record ${part}`,
    recordCopied: (type: string, part: "name" | "value") => `${type} record ${part} copied`,
    copyFailed: "Could not copy. Select the text and copy it instead.",
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
  // Account → Export: everything of the studio in one ZIP, made by a worker.
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
    // A studio keeps one export: a new one replaces it once it is ready.
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
  // Account → Export → Import: an export brought back into an empty studio.
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
    /** Imported films are checked and processed as uploads are. */
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
  /** Account → Company Setting: the sign-up's questions about the studio, answered or changed later. */
  studioProfile: {
    title: "About your studio",
    hint: "What you did not answer when you signed up, or what has changed since. It helps us shape Vidfolio for studios like yours.",
    companySize: "Company size",
    jobType: "Job type",
    numberOfClients: "Number of clients per year",
    projectSize: "Average project size",
    mediaType: "Media type",
    deliveryType: "How do you deliver today?",
    heardOption: "How did you hear about us?",
    notAnswered: "Not answered",
    save: "Save answers",
    saved: "Your answers are saved.",
  },
  /** The first hour: the starter allowance said (approval mail, home) and the first delivery's checklist. */
  firstDelivery: {
    allowanceMail: (size: string) =>
      `Your studio starts with ${size} of storage, free: enough to upload the films of a first gallery and send it to your client before you choose a plan. Each upload uses storage by its size; buy more or choose a plan in Account → Plan & Bill when you need it.`,
    allowanceTitle: "Your starter allowance",
    allowanceBody: (size: string, left: string) => `${size} of free storage to deliver a first gallery before you choose a plan: ${left} left.`,
    choosePlan: "Plans and credits",
    title: "Your first delivery",
    progress: (done: number, total: number) => `${done} of ${total} done`,
    steps: {
      upload: "Upload your films",
      style: "Style the gallery",
      guest: "Add your client as a guest",
      send: "Send them the gallery",
    },
    hints: {
      upload: "Create a folder and a gallery in it, then drop your films into the gallery.",
      style: "Pick a template, fonts and a cover in Gallery Styles and Background.",
      guest: "In Guests, add your client's name and e-mail: they get a personal link.",
      send: "Send the link from Guests; you see when it is opened and watched.",
    },
  },
} as const;
