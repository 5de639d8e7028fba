// The server process: `node src/app/serve.ts` serves the built portal (dist/) on HOST:PORT. `npm
// start` (start.ts) runs it after building and preparing the database; the end-to-end tests and
// the bench start it directly. Node runs it as it is (type stripping): every relative import
// names its .ts file, and what it imports must be erasable syntax.
import { isConfigError, parseConfig, type Config } from '../platform/config.ts';
import { ENTRY } from '../platform/server/build-output.ts';
import { serveBuild } from '../platform/server/serve.ts';

function checkedConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (err) {
    if (!isConfigError(err)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

await serveBuild(ENTRY, checkedConfig());
