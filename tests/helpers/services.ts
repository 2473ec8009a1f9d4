// Embedded services in processes of their own, for tests that stop and start them (faults).
import net from "node:net";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";

export type Service = { env: Record<string, string>; child: ChildProcess; stop: (signal?: NodeJS.Signals) => Promise<void> };

function run(script: string, args: string[]): Promise<Service> {
  const child = spawn(process.execPath, [path.resolve("scripts", script), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", (d) => {
      const env = JSON.parse(String(d).split("\n")[0]);
      const stop = (signal: NodeJS.Signals = "SIGTERM") =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once("exit", () => done());
          child.kill(signal);
        });
      resolve({ env, child, stop });
    });
    child.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
  });
}

/** PostgreSQL on `port` with its data in `dir` (the same dir and port start it again). */
export const startPostgresProcess = (dir: string, port: number, database = "vidfolio_fault") => run("pg-process.mjs", [dir, String(port), database]);

/** The S3-compatible store with its objects in `dir` (the same dir and port start it again). */
export const startS3Process = (dir: string, port: number) => run("s3-process.mjs", [dir, String(port)]);

/** A port free right now on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
