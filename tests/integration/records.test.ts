// The super admin's mail outbox and audit log (issue 19, item 10): readable by super admins only,
// searchable, paginated newest first, with one-time links redacted in mail bodies.
import { db } from "@/lib/db";
import { listAudit, listMail, RECORDS_PAGE_SIZE } from "@/lib/services/platform/records";
import { redactMailText } from "@/lib/mail/redact";
import { recordsQuerySchema } from "@/lib/validation/records";
import { createStudio, createSuperadmin } from "../helpers/factories";

const q = (value: object) => recordsQuerySchema.parse(value);

it("only a super admin reads them", async () => {
  const studio = await createStudio();
  await expect(listMail(studio, q({}))).rejects.toMatchObject({ status: 403 });
  await expect(listAudit(studio, q({}))).rejects.toMatchObject({ status: 403 });
});

it("the outbox is searchable and paginated, newest first, with reset links hidden", async () => {
  const admin = await createSuperadmin();
  const tag = `outbox-${Date.now()}`;
  for (let i = 0; i < RECORDS_PAGE_SIZE + 2; i++) {
    await db.mailMessage.create({
      data: {
        to: `${tag}-${i}@example.test`,
        subject: `Hello ${i}`,
        html: `<p><a href="https://app.example/reset-password?token=SECRET${i}abc&amp;x=1">Reset</a></p>`,
        text: `Open https://app.example/reset-password?token=SECRET${i}abc now`,
        provider: "test",
        createdAt: new Date(Date.now() + i * 1000),
      },
    });
  }
  const first = await listMail(admin, q({ q: tag }));
  expect(first.total).toBe(RECORDS_PAGE_SIZE + 2);
  expect(first.pages).toBe(2);
  expect(first.rows[0].to).toBe(`${tag}-${RECORDS_PAGE_SIZE + 1}@example.test`);
  expect(first.rows.every((r) => !/SECRET/.test(r.text))).toBe(true);
  expect(first.rows[0].text).toContain("token=…");
  // The HTML part too (the outbox shows it as sent, issue 39 item 8), its secrets hidden alike.
  expect(first.rows.every((r) => !/SECRET/.test(r.html))).toBe(true);
  expect(first.rows[0].html).toContain('href="https://app.example/reset-password?token=…&amp;x=…"');
  const second = await listMail(admin, q({ q: tag.toUpperCase(), page: "2" }));
  expect(second.rows.map((r) => r.to)).toEqual([`${tag}-1@example.test`, `${tag}-0@example.test`]);
  expect((await listMail(admin, q({ q: `${tag}-nothing` }))).rows).toEqual([]);
  // A bad page or search falls back to the defaults.
  expect(q({ page: "-3", q: ["a", "b"] })).toEqual({ page: 1, q: undefined });
  expect(redactMailText("x?a=1&token=abc-DEF_1 y")).toBe("x?a=…&token=… y");
});

it("the audit log is searchable by actor, action and the account acted on (email or id), naming accounts by email", async () => {
  const admin = await createSuperadmin();
  const studio = await createStudio();
  const action = `test.action.${Date.now()}`;
  await db.auditLog.create({ data: { actorId: admin.id, actorEmail: admin.email, targetId: studio.id, action, details: { plan: "PRO" } } });
  for (const search of [action, studio.email, studio.id, admin.email]) {
    const list = await listAudit(admin, q({ q: search }));
    const row = list.rows.find((r) => r.action === action);
    expect({ search, row }).toMatchObject({ search, row: { actor: admin.email, target: studio.email, details: JSON.stringify({ plan: "PRO" }) } });
  }
  expect((await listAudit(admin, q({ q: `${action}-nothing` }))).total).toBe(0);
});
