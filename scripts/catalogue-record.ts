/**
 * `npm run catalogue:record`: refreshes the local catalogue's recorded answers
 * (server/src/games/catalogue/offline/recordings) from the live public APIs (Mojang, PaperMC,
 * Purpur, Fabric, Forge, NeoForge, Adoptium). Needs the internet. Each recording keeps its
 * entries and shape and takes the live values; the test artefacts' digests stay placeholders.
 * Review the change with `git diff` and run the catalogue tests before committing it.
 */
import { recordCatalogue } from '../server/src/games/catalogue/offline/recordCatalogue';

recordCatalogue({ log: (line) => console.log(line) }).then(
  ({ written, removed }) => {
    console.log(`${written.length} recordings written${removed.length ? `, ${removed.length} moved away: ${removed.join(', ')}` : ''}.`);
  },
  (error: unknown) => {
    console.error(`The recordings could not be refreshed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
