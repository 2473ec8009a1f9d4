// Who is acting: the signed-in account a door found (lib/auth/actor.ts finds it from the request and
// re-checks it against the database). A type only, apart from that machinery, so the services and
// the pure modules name the actor without importing the doors' code (which imports services).
import type { Admin } from "@/generated/prisma/client";

export type Actor = Admin;
