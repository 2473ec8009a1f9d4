// node clone-database.cjs <server url> <template> <new name>: CREATE DATABASE <new> TEMPLATE <template>.
// A process of its own because jest's setupFiles are synchronous (tests/setup/load-env.cjs).
const { Client } = require("pg");

const [serverUrl, template, name] = process.argv.slice(2);
const ident = (s) => `"${s.replace(/"/g, '""')}"`;

(async () => {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  // Two clones at once from one template are fine; a clone while something is connected to the
  // template is refused ("being accessed by other users"): nothing stays connected to it, but retry
  // briefly in case a connection is still closing.
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(template)} STRATEGY FILE_COPY`);
      break;
    } catch (e) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(e.message))) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await client.end();
})().catch((e) => {
  console.error(`cloning the test database failed: ${e.message}`);
  process.exit(1);
});
