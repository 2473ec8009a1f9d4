// Server-side checks for pages: the proxy redirects first, these re-check against the database.
import "@/lib/server-only";
import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/actor";
import type { Actor } from "@/lib/services/access/rules/actor";
import { ROUTES } from "@/lib/routes";

export async function studioPage(): Promise<Actor> {
  const actor = await currentActor("studio");
  if (!actor) redirect(ROUTES.login);
  if (actor.role !== "admin") redirect(ROUTES.superadminHome);
  return actor;
}

export async function superadminPage(): Promise<Actor> {
  const actor = await currentActor("superadmin");
  if (!actor || actor.role !== "superadmin") redirect(ROUTES.superadminLogin);
  return actor;
}
