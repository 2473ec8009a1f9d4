import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// The CLI reads the schema's env("DATABASE_URL") even for `generate`, which needs no database;
// a placeholder lets a fresh install generate the client. Commands that connect use adapter().
process.env.DATABASE_URL ??= "postgresql://localhost:5432/placeholder";

// Prisma's native engines cannot be downloaded on our machines, so the CLI runs on the
// JavaScript engine through the pg driver adapter (see docs/operations.md).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    return new PrismaPg({ connectionString: url });
  },
});
