import { PutObjectCommand } from "@aws-sdk/client-s3";
import { GET as allAdmin } from "@/app/api/admin/all-admin/route";
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { DELETE as deleteAdmin } from "@/app/api/admin/deleteAdmin/[id]/route";
import { GET as impersonate } from "@/app/api/admin/impersonate/[id]/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { db } from "@/lib/db";
import { s3, bucket } from "@/lib/storage/client";
import { listKeys } from "@/lib/storage/objects";
import { consumeImpersonation, endImpersonation } from "@/lib/services/access/impersonation";
import { adminCreditUnitsToMb, bytesToMb, formatAdminCreditUnits } from "@/lib/format";
import { createAccount, createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

async function asSuperadmin() {
  const sa = await createSuperadmin();
  return { sa, token: await bearerFor(sa) };
}

const put = (id: string, obj: unknown, token?: string) => call(adminUpdate, request("PUT", `/api/admin/admin-update/${id}`, { body: { obj }, token }), { id });

describe("super-admin endpoints refuse everyone else", () => {
  it("answers 401 without credentials and 403 to a studio (404 where the studio names another account), and changes nothing", async () => {
    const victim = await createStudio({ creditsMb: 10 });
    const studio = await createStudio();
    const studioToken = await bearerFor(studio);
    for (const token of [undefined, studioToken]) {
      const expected = token ? 403 : 401;
      expect((await call(allAdmin, request("GET", "/api/admin/all-admin", { token }))).status).toBe(expected);
      // admin-update is also a studio's own door (its branding): another account's id is a 404 there.
      expect((await put(victim.id, { credits: 999999 }, token)).status).toBe(token ? 404 : 401);
      expect((await call(deleteAdmin, request("DELETE", `/x`, { token }), { id: victim.id })).status).toBe(expected);
      expect((await call(impersonate, request("GET", `/x`, { token }), { id: victim.id })).status).toBe(expected);
    }
    const after = await db.admin.findUniqueOrThrow({ where: { id: victim.id } });
    expect(after.creditBytes).toBe(victim.creditBytes);
    expect(await db.impersonationToken.count({ where: { adminId: victim.id } })).toBe(0);
  });
});

describe("GET /api/admin/all-admin", () => {
  it("searches by name, email or company and paginates", async () => {
    const { token } = await asSuperadmin();
    const tag = `zeta${Date.now()}`;
    for (let i = 0; i < 5; i++) await createStudio({ name: `${tag} studio ${i}` });
    const page1 = await (await call(allAdmin, request("GET", `/api/admin/all-admin?q=${tag}&page=1&pageSize=2`, { token }))).json();
    expect(page1.total).toBe(5);
    expect(page1.admins).toHaveLength(2);
    const page3 = await (await call(allAdmin, request("GET", `/api/admin/all-admin?q=${tag.toUpperCase()}&page=3&pageSize=2`, { token }))).json();
    expect(page3.admins).toHaveLength(1);
    expect(JSON.stringify(page1)).not.toMatch(/passwordHash/);
    const byEmail = await (await call(allAdmin, request("GET", `/api/admin/all-admin?q=${page3.admins[0].email}`, { token }))).json();
    expect(byEmail.total).toBe(1);
  });

  it("lists only the studios waiting for approval when asked, and Approve (the status edit) takes one off that list", async () => {
    const { token } = await asSuperadmin();
    const tag = `wait${Date.now()}`;
    const waiting = await createStudio({ name: `${tag} new`, status: "NOT_ACTIVE" });
    await createStudio({ name: `${tag} active` });
    await createAccount({ name: `${tag} admin`, role: "superadmin", status: "NOT_ACTIVE" });
    const list = async (filter: string) => (await call(allAdmin, request("GET", `/api/admin/all-admin?q=${tag}&filter=${filter}`, { token }))).json();
    expect((await list("all")).total).toBe(3);
    const only = await list("waiting");
    expect(only.admins.map((a: { email: string }) => a.email)).toEqual([waiting.email]);
    expect((await put(waiting.id, { status: "Active" }, token)).status).toBe(200);
    expect((await list("waiting")).total).toBe(0);
    expect((await call(allAdmin, request("GET", `/api/admin/all-admin?filter=pending`, { token }))).status).toBe(400);
    // A studio cannot list (nor approve: see the first test) even with the filter.
    expect((await call(allAdmin, request("GET", `/api/admin/all-admin?filter=waiting`, { token: await bearerFor(waiting) }))).status).toBe(403);
  });

  it("answers 400 to a bad page", async () => {
    const { token } = await asSuperadmin();
    expect((await call(allAdmin, request("GET", "/api/admin/all-admin?page=-1", { token }))).status).toBe(400);
    expect((await call(allAdmin, request("GET", "/api/admin/all-admin?pageSize=abc", { token }))).status).toBe(400);
  });
});

describe("PUT /api/admin/admin-update/:id", () => {
  it("edits the editable fields and audits who changed what", async () => {
    const { sa, token } = await asSuperadmin();
    const studio = await createStudio();
    const res = await put(
      studio.id,
      { name: "Renamed", companyName: "New Co", websiteUrl: "new.example", companySize: "5+", mediaType: ["Real Estate"], jobType: "Video only", numberOfClients: "50+", plan: "Pro" },
      token,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).admin).toMatchObject({ name: "Renamed", companyName: "New Co", websiteUrl: "https://new.example", plan: "Pro", mediaType: ["Real Estate"] });
    const log = await db.auditLog.findFirstOrThrow({ where: { actorId: sa.id, targetId: studio.id, action: "client.update" } });
    expect(log.actorEmail).toBe(sa.email);
    expect((log.details as { fields: string[] }).fields).toEqual(expect.arrayContaining(["name", "plan"]));
  });

  it("takes credits as shown (÷1024÷5) back exactly, and writes a ledger entry", async () => {
    const { token } = await asSuperadmin();
    const studio = await createStudio({ creditsMb: 0 });
    for (const units of [3.33, 0.01, 204.8]) {
      const res = await put(studio.id, { credits: adminCreditUnitsToMb(units) }, token);
      expect(res.status).toBe(200);
      expect(formatAdminCreditUnits((await res.json()).admin.credits)).toBe(units.toFixed(2));
    }
    const entries = await db.creditEntry.findMany({ where: { adminId: studio.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => e.type)).toEqual(["purchased", "used", "purchased"]);
    expect(entries[0].purpose).toMatch(/Adjusted by super admin/);
    // Ledger and balance agree.
    const sum = entries.reduce((acc, e) => acc + (e.type === "purchased" ? e.creditBytes : -e.creditBytes), BigInt(0));
    const after = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(sum).toBe(after.creditBytes);
    expect(bytesToMb(after.creditBytes)).toBeCloseTo(adminCreditUnitsToMb(204.8), 3);
  });

  it("mails the studio when it is switched to Active, and ends its sessions when switched to Not Active", async () => {
    const { sa, token } = await asSuperadmin();
    const pending = await createStudio({ status: "NOT_ACTIVE" });
    expect((await put(pending.id, { status: "Active" }, token)).status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: pending.email } });
    expect(mail.subject).toBe("Your Vidfolio studio is approved");
    expect(mail.html).toContain("/login");
    expect(await db.auditLog.count({ where: { actorId: sa.id, targetId: pending.id, action: "client.status" } })).toBe(1);

    const active = await createStudio();
    const studioToken = await bearerFor(active);
    expect((await call(adminDetails, request("GET", "/x", { token: studioToken }))).status).toBe(200);
    expect((await put(active.id, { status: "Not Active" }, token)).status).toBe(200);
    expect((await call(adminDetails, request("GET", "/x", { token: studioToken }))).status).toBe(401);
  });

  it("refuses bad input and a taken email with 4xx, changing nothing", async () => {
    const { token } = await asSuperadmin();
    const studio = await createStudio({ creditsMb: 5 });
    const other = await createStudio();
    for (const obj of [{ credits: -1 }, { credits: "lots" }, { status: "Maybe" }, { plan: "Gold" }, { role: "root" }, { passwordHash: "x" }, { email: "bad" }]) {
      const res = await put(studio.id, obj, token);
      expect(res.status).toBe(400);
    }
    const taken = await put(studio.id, { email: other.email }, token);
    expect(taken.status).toBe(409);
    expect((await put("not-a-uuid", { name: "x" }, token)).status).toBe(404);
    expect((await put("00000000-0000-4000-8000-000000000000", { name: "x" }, token)).status).toBe(404);
    const after = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(after).toMatchObject({ email: studio.email, creditBytes: studio.creditBytes, status: "ACTIVE" });
  });

  it("does not let a super admin demote or delete itself", async () => {
    const { sa, token } = await asSuperadmin();
    expect((await put(sa.id, { role: "admin" }, token)).status).toBe(409);
    expect((await call(deleteAdmin, request("DELETE", "/x", { token }), { id: sa.id })).status).toBe(409);
  });
});

describe("DELETE /api/admin/deleteAdmin/:id", () => {
  it("removes the studio, all its rows and all its stored objects, and nothing of others", async () => {
    const { token } = await asSuperadmin();
    const studio = await createStudio();
    const other = await createStudio();
    const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
    await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `del-${studio.id}` } });
    for (const key of [`${studio.id}/${folder.id}/g/a.mp4`, `${studio.id}/assets/logo.png`, `${other.id}/assets/logo.png`]) {
      await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: "x" }));
    }
    const res = await call(deleteAdmin, request("DELETE", "/x", { token }), { id: studio.id });
    expect(res.status).toBe(200);
    expect((await res.json()).objects).toBe(2);
    expect(await db.admin.count({ where: { id: studio.id } })).toBe(0);
    expect(await db.folder.count({ where: { adminId: studio.id } })).toBe(0);
    expect(await listKeys(`${studio.id}/`)).toEqual([]);
    expect(await listKeys(`${other.id}/`)).toEqual([`${other.id}/assets/logo.png`]);
    expect(await db.auditLog.count({ where: { targetId: studio.id, action: "client.delete" } })).toBe(1);
    expect((await call(deleteAdmin, request("DELETE", "/x", { token }), { id: studio.id })).status).toBe(404);
  });
});

describe("impersonation", () => {
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

  it("issues a one-time link that expires within a minute, is single use and audited", async () => {
    const { sa, token } = await asSuperadmin();
    const studio = await createStudio();
    const res = await call(impersonate, request("GET", "/x", { token }), { id: studio.id });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    expect(new URL(url).pathname).toBe("/impersonate-login");
    const row = await db.impersonationToken.findFirstOrThrow({ where: { adminId: studio.id } });
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(row.tokenHash).not.toBe(tokenOf(url)); // only the hash is stored

    const [first, second] = await Promise.all([consumeImpersonation(tokenOf(url)), consumeImpersonation(tokenOf(url))]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const used = (first ?? second)!;
    expect(used.studio.id).toBe(studio.id);
    expect(used.issuer.id).toBe(sa.id);
    expect(await consumeImpersonation(tokenOf(url))).toBeNull();

    const back = await endImpersonation({ id: sa.id, sv: sa.sessionVersion }, studio.id);
    expect(back?.id).toBe(sa.id);
    const actions = (await db.auditLog.findMany({ where: { actorId: sa.id, targetId: studio.id } })).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(["impersonation.issue", "impersonation.start", "impersonation.end"]));
  });

  it("refuses an expired, an unknown and an empty token", async () => {
    const { token } = await asSuperadmin();
    const studio = await createStudio();
    const { url } = await (await call(impersonate, request("GET", "/x", { token }), { id: studio.id })).json();
    await db.impersonationToken.updateMany({ where: { adminId: studio.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await consumeImpersonation(tokenOf(url))).toBeNull();
    expect(await consumeImpersonation("made-up-token")).toBeNull();
    expect(await consumeImpersonation("")).toBeNull();
  });

  it("refuses to open a super admin or a Not Active studio", async () => {
    const { token } = await asSuperadmin();
    const other = await createSuperadmin();
    const pending = await createStudio({ status: "NOT_ACTIVE" });
    expect((await call(impersonate, request("GET", "/x", { token }), { id: other.id })).status).toBe(409);
    expect((await call(impersonate, request("GET", "/x", { token }), { id: pending.id })).status).toBe(409);
  });
});
