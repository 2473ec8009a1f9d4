// The option lists of the sign-up form and the super-admin editor (spec §3).
export const COMPANY_SIZES = ["Solo", "2-5", "5+"] as const;

export const MEDIA_TYPES = ["Weddings & Life-Events", "Theatre Performances & Dance Recitals", "Commercial Projects", "Real Estate", "Educational Videos & Courses"] as const;

export const JOB_TYPES = ["Video only", "Video + Photo(Hybrid)"] as const;

export const CLIENT_COUNTS = ["1-10", "11-50", "50+"] as const;

export const PROJECT_SIZES = ["less than 10GB", "10-25GB", "25-50GB", "50GB+"] as const;

/** USB, DVD/Blu-ray, five named third-party services, and Other: eight in all. */
export const DELIVERY_TYPES = ["USB", "DVD/Blu-ray", "WeTransfer", "Dropbox", "Google Drive", "Vimeo", "Pic-Time", "Other"] as const;

/** A search engine, two social networks, Friend or Family, a video site, Advertisement, Other. */
export const HEARD_OPTIONS = ["Google", "Facebook", "Instagram", "Friend or Family", "YouTube", "Advertisement", "Other"] as const;
