import {
  OperationNodeTransformer,
  type ColumnDefinitionNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";

/**
 * The migrations speak SQLite's types. On PostgreSQL an `integer` is 32 bits, too small for
 * times in milliseconds and sizes: every integer column becomes `bigint`, and an autoincrement
 * key `bigserial`.
 */
class WidenIntegers extends OperationNodeTransformer {
  protected override transformColumnDefinition(
    node: ColumnDefinitionNode,
    queryId?: Parameters<OperationNodeTransformer["transformColumnDefinition"]>[1],
  ): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node, queryId);
    const type = column.dataType as { kind: string; dataType?: string };
    if (type.kind !== "DataTypeNode" || type.dataType !== "integer") return column;
    return {
      ...column,
      dataType: { kind: "DataTypeNode", dataType: column.autoIncrement ? "bigserial" : "bigint" },
      autoIncrement: undefined,
    } as ColumnDefinitionNode;
  }
}

/** Applies `WidenIntegers` to the schema statements of the migrations run on PostgreSQL. */
export class PostgresDdlPlugin implements KyselyPlugin {
  readonly #transformer = new WidenIntegers();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
