// What the studio's home page is given of its recent activity (lib/services/guests/activity.ts builds it,
// components/studio/home/recent-activity.tsx shows it; no door answers it).

/** One line of a studio's recent activity: a viewer's visit, or a gallery sent to a guest. */
export type ActivityItem = {
  kind: "visit" | "sent";
  /** ISO: the viewer's last moment in the gallery, or when the mail went. */
  at: string;
  gallery: { id: string; name: string };
  /** The viewer or the guest, as the insights name them. */
  who: string;
  /** A visit's films ("Anna watched 92 % of Ceremony, downloaded it"), the most recent first, at most ACTIVITY_FILMS. */
  films: string[];
  /** How many more films the viewer touched than `films` lists. */
  moreFilms: number;
};
