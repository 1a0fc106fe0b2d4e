import { RestError } from './errors.ts';
import { qualifiedKey, type Relationship, type SchemaCache, type Table } from './schema-cache.ts';

const CARDINALITY_NAMES = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one', m2m: 'many-to-many' } as const;

const singleColumn = (rel: Relationship) => (rel.cardinality !== 'm2m' && rel.columns.length === 1 ? rel.columns[0] : undefined);

/**
 * Finds the relationship an embed `target!hint(...)` refers to, following PostgREST's rules: the
 * target is a table name, a foreign key name or a foreign-key column of the origin; the hint is a
 * constraint, a column on either side or a junction table. Self-references resolve the O2M by the
 * table name and the M2O by the column name.
 */
export function findRelationship(cache: SchemaCache, origin: Table, target: string, hint: string | null): Relationship {
  const all = cache.relationships.get(qualifiedKey(origin.schema, origin.name)) ?? [];
  const found = all.filter((rel) => {
    const single = singleColumn(rel);
    const matchColumn = (name: string) => single?.[0] === name;
    const matchRefColumn = (name: string) => single?.[1] === name;
    const matchConstraint = (name: string) => rel.cardinality !== 'm2m' && rel.constraint === name;
    const matchJunction = (name: string) => rel.junction?.table.name === name;
    const foreignIsView = rel.foreignTable.kind === 'view';
    if (rel.isSelf && rel.cardinality !== 'm2m') {
      if (hint === null) {
        return (target === rel.foreignTable.name && rel.cardinality === 'o2m') || (matchColumn(target) && rel.cardinality === 'm2o');
      }
      return target === rel.foreignTable.name && rel.cardinality === 'o2m' && matchRefColumn(hint);
    }
    if (hint === null) {
      return target === rel.foreignTable.name || (!foreignIsView && (matchConstraint(target) || matchColumn(target)));
    }
    return (
      target === rel.foreignTable.name &&
      (matchConstraint(hint) || matchColumn(hint) || matchRefColumn(hint) || matchJunction(hint))
    );
  });
  if (found.length === 1 && found[0]) return found[0];
  if (found.length === 0) {
    const using = hint ? ` using the hint '${hint}'` : '';
    throw new RestError(400, 'PGRST200', `Could not find a relationship between '${origin.name}' and '${target}' in the schema cache`, {
      details: `Searched for a foreign key relationship between '${origin.name}' and '${target}'${using} in the schema '${origin.schema}', but no matches were found.`,
      hint: suggestTarget(all, target),
    });
  }
  throw new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${origin.name}' and '${target}'`, {
    details: found.map((rel) => ({
      cardinality: CARDINALITY_NAMES[rel.cardinality],
      embedding: `${origin.name} with ${rel.foreignTable.name}`,
      relationship: describe(rel),
    })),
    hint: `Try changing '${target}' to one of the following: ${found.map((rel) => `'${target}!${hintFor(rel)}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  });
}

function hintFor(rel: Relationship): string {
  return rel.cardinality === 'm2m' && rel.junction ? rel.junction.table.name : rel.constraint;
}

function describe(rel: Relationship): string {
  if (rel.cardinality === 'm2m' && rel.junction) {
    const j = rel.junction;
    return `${j.table.name} using ${j.constraintSource}(${j.sourceColumns.map(([, c]) => c).join(', ')}) and ${j.constraintTarget}(${j.targetColumns.map(([, c]) => c).join(', ')})`;
  }
  return `${rel.constraint} using ${rel.table.name}(${rel.columns.map(([c]) => c).join(', ')}) and ${rel.foreignTable.name}(${rel.columns.map(([, c]) => c).join(', ')})`;
}

function suggestTarget(all: Relationship[], target: string): string | null {
  const names = [...new Set(all.map((rel) => rel.foreignTable.name))];
  const close = names.find((name) => name.toLowerCase() === target.toLowerCase() || name.startsWith(target) || target.startsWith(name));
  return close ? `Perhaps you meant '${close}' instead of '${target}'.` : null;
}

export const isToOne = (rel: Relationship) => rel.cardinality === 'm2o' || rel.cardinality === 'o2o';
