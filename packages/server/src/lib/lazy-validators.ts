import AjvCompiler from "@fastify/ajv-compiler";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";

type Factory = ReturnType<typeof AjvCompiler>;
type Compile = ReturnType<Factory>;
type Validate = ReturnType<Compile>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serialize = (doc: unknown) => string;

/**
 * Fastify's own Ajv compiler, compiling each route's schema at the route's first request
 * instead of at start-up: Ajv's code generation for the ~150 schemas of the API is most of the
 * time between loading the server and its first answer. The validation itself is the same
 * function, and its `errors` are read through as Fastify expects.
 */
export function lazyValidatorFactory(): Factory {
  const eager = AjvCompiler();
  return (externalSchemas: unknown, options: unknown) => {
    // The Ajv instance itself (with its formats and the shared schemas) is made at the first
    // compilation too: about 5 ms of every start (--cpu-prof).
    let build: Compile | undefined;
    return (route: Parameters<Compile>[0]) => {
      let compiled: Validate | undefined;
      const validate = (data: unknown) => {
        build ??= (eager as (...args: unknown[]) => Compile)(externalSchemas, options);
        compiled ??= build(route);
        return (compiled as (data: unknown) => unknown)(data);
      };
      Object.defineProperty(validate, "errors", { get: () => compiled?.errors });
      return validate as unknown as Validate;
    };
  };
}

/** Fastify's own response serializer (fast-json-stringify), compiled at its first use too. */
export function lazySerializerFactory(): SerializerFactory {
  const eager = SerializerSelector();
  return (externalSchemas: unknown, options: unknown) => {
    let build: ((route: unknown) => Serialize) | undefined;
    return (route: unknown) => {
      let compiled: Serialize | undefined;
      return (doc: unknown) => {
        build ??= (eager as (...args: unknown[]) => (route: unknown) => Serialize)(
          externalSchemas,
          options,
        );
        return (compiled ??= build(route))(doc);
      };
    };
  };
}
