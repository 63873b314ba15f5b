import { namespacesOf } from './namespaces';

// The texts only signed-in pages show (SIGNED_IN_NAMESPACES); the legal documents load with
// their pages (features/legal).
export default namespacesOf(
  import.meta.glob(
    ['./pl/*.json', '!./pl/{common,errors,maintenance,auth,validation,legal}.json'],
    { eager: true, import: 'default' },
  ),
);
