import pg from "pg";

/**
 * node-pg describes every result again (its extended protocol asks for the row description at
 * each execution, prepared or not), and `Result.addFields` then builds the result's empty row
 * from a null-prototype object, one key at a time, and copies it: 6 to 12 µs for a row of twenty
 * columns, at every statement. Measured at 200 inbound texts a second it was the server's single
 * costliest function, 9.9 % of its busy time (decision 0065). The same few dozen statements
 * answer with the same columns again and again, so the row and the parsers are made once per
 * description and shared: what addFields leaves on the result is unchanged (the same fields, an
 * empty row with the same keys in the same order, a parser per column), only built once.
 *
 * Shared safely: node-pg copies the empty row for each row it parses and only reads the parsers.
 * Keyed by the type parsers the query uses (a client or a query may bring its own) and by each
 * column's name, type and format, the things addFields reads. The process's own parsers are set
 * where database.ts is imported, before any statement runs: one set later would not reach a
 * shape made before it.
 */
export function shareRowShapes(): void {
  if (installed) return;
  installed = true;
  // addFields is not in node-pg's typings: it is called by its Query, never by users.
  const prototype = pg.Result.prototype as unknown as { addFields: (this: ResultInternals, descriptions: FieldDescription[]) => void };
  prototype.addFields = function addFields(descriptions) {
    this.fields = descriptions;
    const shape = shapeOf(this._types ?? pg.types, descriptions);
    // As node-pg: a result without columns keeps no parsers array.
    if (descriptions.length) this._parsers = shape.parsers;
    this._prebuiltEmptyResultObject = shape.emptyRow;
  };
}

let installed = false;

/** What node-pg's Result keeps of a row description (lib/result.js), untyped in its typings. */
type ResultInternals = {
  fields: FieldDescription[];
  _types?: TypeParsers;
  _parsers?: Parser[];
  _prebuiltEmptyResultObject: Record<string, null>;
};
type FieldDescription = { name: string; dataTypeID: number; format?: string };
type Parser = (value: string) => unknown;
type TypeParsers = { getTypeParser: (oid: number, format: "text" | "binary") => Parser };

type Shape = { parsers: Parser[]; emptyRow: Record<string, null> };

/**
 * Shapes per type parsers, then down a tree of the description's columns (name, then type and
 * format): no key string to build and hash at every result. Bounded, as statement texts are
 * (round-trips.ts).
 */
type Branch = { shape?: Shape; next?: Map<string, Map<number, Branch>> };
const shapes = new WeakMap<TypeParsers, Branch>();
const MAX_SHAPES = 2_000;
let shapeCount = 0;

function shapeOf(types: TypeParsers, descriptions: FieldDescription[]): Shape {
  let branch: Branch = shapes.get(types) ?? setAndGet(shapes, types, {});
  for (const d of descriptions) {
    branch.next ??= new Map<string, Map<number, Branch>>();
    const byType = branch.next.get(d.name) ?? setAndGet(branch.next, d.name, new Map<number, Branch>());
    // The type's id, and its format in the lowest bit.
    const type = d.dataTypeID * 2 + (d.format === "binary" ? 1 : 0);
    branch = byType.get(type) ?? setAndGet(byType, type, {});
  }
  if (branch.shape) return branch.shape;
  const made = makeShape(types, descriptions);
  if (shapeCount < MAX_SHAPES) {
    branch.shape = made;
    shapeCount++;
  }
  return made;
}

function setAndGet<K, V>(map: { set: (key: K, value: V) => unknown }, key: K, value: V): V {
  map.set(key, value);
  return value;
}

/** As node-pg makes it: null-prototype first, so that a column named `__proto__` is a key like any other. */
function makeShape(types: TypeParsers, descriptions: FieldDescription[]): Shape {
  const row = Object.create(null) as Record<string, null>;
  const parsers = descriptions.map((d) => {
    row[d.name] = null;
    return types.getTypeParser(d.dataTypeID, d.format === "binary" ? "binary" : "text");
  });
  return { parsers, emptyRow: { ...row } };
}
