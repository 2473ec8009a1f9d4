// A streamed PUT whose connection drops (the store closed a keep-alive socket, a network blip) is
// sent again with the file read from its start, so a worker's stored rung or stream copy is not
// lost to one dropped socket (CI saw "socket hang up" fail a 2160p ladder's store). Between this
// file's store client and the real embedded store sits a TCP relay that cuts the first PUT halfway.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";

const saved = { ...process.env };
let relay: net.Server;
/** The relay's open connections: the SDK keeps its sockets alive, and the store keeps them 65 s, so closing the relay ends them rather than waiting. */
const open = new Set<net.Socket>();
let cut = 0;
let puts = 0;

beforeAll(async () => {
  const target = new URL(process.env.S3_ENDPOINT!);
  relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    open.add(client).add(upstream);
    let seen = 0;
    let isPut = false;
    client.on("data", (chunk: Buffer) => {
      if (seen === 0 && chunk.subarray(0, 4).toString() === "PUT ") {
        isPut = true;
        puts++;
      }
      seen += chunk.length;
      // The first PUT loses its connection once half a megabyte of it has passed.
      if (isPut && cut === 0 && seen > 512 * 1024) {
        cut++;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
  // This file's app (its own module registry) talks to the store through the relay.
  process.env.S3_ENDPOINT = `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  process.env = saved;
  const closed = new Promise((r) => relay.close(r));
  for (const socket of open) socket.destroy();
  await closed;
});

test("a stream PUT cut halfway is sent again from the file's start: the stored object is whole", async () => {
  const { uploadFile, readRange, objectSize } = await import("@/lib/storage/objects");
  const file = path.join(os.tmpdir(), `retry-${randomUUID()}.bin`);
  const bytes = randomBytes(2 * 1024 * 1024);
  fs.writeFileSync(file, bytes);
  try {
    const key = `retry-test/${randomUUID()}.bin`;
    await uploadFile(key, file, "application/octet-stream");
    expect(cut).toBe(1);
    expect(puts).toBeGreaterThanOrEqual(2);
    expect(await objectSize(key)).toBe(bytes.length);
    expect(Buffer.compare(await readRange(key, 0, bytes.length), bytes)).toBe(0);
  } finally {
    fs.rmSync(file, { force: true });
  }
});
