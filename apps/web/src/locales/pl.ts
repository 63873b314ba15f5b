import { namespacesOf } from './namespaces';

// Every namespace of the app's texts in one language, in one chunk, but the legal documents,
// which load with their pages (features/legal).
export default namespacesOf(
  import.meta.glob(['./pl/*.json', '!./pl/legal.json'], { eager: true, import: 'default' }),
);
