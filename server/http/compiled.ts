/**
 * One compiled form per schema in a process. Fastify compiles every route's validators and
 * response serializers when an application is built; the schemas are the same for every build, so a
 * process that builds several applications (the test files build one per test, the benches one per
 * server) compiles each schema once (the server suite took 114 s compiling them again, 89 s without).
 * Keyed by the object, then by its content: the master engine builds its schemas per registration,
 * equal but not the same objects. A schema carrying what text cannot hold (a function) is only
 * ever matched by identity.
 */
export function compiledOnce<S extends object, F>(compile: (schema: S) => F): (schema: S) => F {
  const byIdentity = new WeakMap<S, F>();
  const byContent = new Map<string, F>();
  return (schema) => {
    let compiled = byIdentity.get(schema);
    if (compiled) return compiled;
    const key = contentKey(schema);
    compiled = (key !== undefined && byContent.get(key)) || compile(schema);
    if (key !== undefined) byContent.set(key, compiled);
    byIdentity.set(schema, compiled);
    return compiled;
  };
}

/**
 * The schema's whole content as text, TypeBox's hidden keys (its kind, `~unsafe`…) included, or
 * undefined when text cannot hold all of it (a function, as a refinement is, or a symbol).
 */
export function contentKey(schema: object): string | undefined {
  let complete = true;
  const key = JSON.stringify(schema, (_name, value: unknown) => {
    if (typeof value === 'function' || typeof value === 'symbol') complete = false;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    if (Object.getOwnPropertySymbols(value).length > 0) complete = false;
    const hidden = Object.getOwnPropertyNames(value).filter((name) => !Object.prototype.propertyIsEnumerable.call(value, name));
    if (hidden.length === 0) return value;
    return { ...value, ...Object.fromEntries(hidden.map((name) => [name, (value as Record<string, unknown>)[name]])) };
  });
  return complete ? key : undefined;
}
