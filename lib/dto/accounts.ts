// An account as the API shows it (spec §3 names; never the password hash): built by
// lib/services/accounts.ts `adminDetails`, shown by the super admin's client table.
import type { Plan, Role } from "@/generated/prisma/enums";

export type AdminDetails = {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The status's and the plan's display labels (lib/texts/labels.ts); `n/a` for a studio without a plan. */
  status: string;
  plan: string;
  planCode: Plan;
  /** Credits in MB. */
  credits: number;
  companyName: string;
  websiteUrl: string;
  companySize: string;
  mediaType: string[];
  jobType: string;
  numberOfClients: string;
  projectSize: string;
  deliveryType: string[];
  heardOption: string | null;
  domainurl: string | null;
  /** Signed, expiring addresses (the bucket is private), not the stored keys. */
  companyLogoUrl: string | null;
  companyFaviconUrl: string | null;
  socialLinks: { youtube: string; instagram: string; facebook: string };
  createdAt: string;
};
