import { namespacesOf } from './namespaces';

// The texts of the pages a visitor sees before signing in (SIGNED_OUT_NAMESPACES).
export default namespacesOf(
  import.meta.glob(['./en/{common,errors,maintenance,auth,validation}.json'], {
    eager: true,
    import: 'default',
  }),
);
