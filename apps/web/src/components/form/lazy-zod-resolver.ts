import type * as FormSchemas from '@themis/shared/forms';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { afterFirstPage } from '../../app/first-page';

type Schemas = typeof FormSchemas;

let modules: Promise<[typeof import('@hookform/resolvers/zod'), Schemas]> | undefined;
function loadModules() {
  modules ??= Promise.all([import('@hookform/resolvers/zod'), import('@themis/shared/forms')]);
  return modules;
}

/**
 * Fetches the validator once the page is shown and the browser idle, so the first keystroke
 * finds it ready.
 */
function preloadWhenIdle() {
  if (modules || typeof window === 'undefined') return;
  afterFirstPage(loadModules);
}

/**
 * A zod resolver on a shared schema that loads zod and the schemas with the first
 * validation instead of with the page, keeping them off the first page's bundle.
 */
export function lazyZodResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  pick: (schemas: Schemas) => TSchema,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  preloadWhenIdle();
  let resolver: Promise<Resolver<z.input<TSchema>, unknown, z.output<TSchema>>> | undefined;
  return async (values, context, options) => {
    resolver ??= loadModules().then(
      ([{ zodResolver }, schemas]) =>
        zodResolver(pick(schemas) as never) as unknown as Resolver<
          z.input<TSchema>,
          unknown,
          z.output<TSchema>
        >,
    );
    return (await resolver)(values, context, options);
  };
}
