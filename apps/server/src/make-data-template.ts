// Run by the build: the migrated embedded database that a new data folder is copied from,
// rather than created (initdb and the migrations take seconds).
import { makeDataTemplate } from './db/data-template';
import { DATA_TEMPLATE_DIR } from './paths';

await makeDataTemplate(DATA_TEMPLATE_DIR);
