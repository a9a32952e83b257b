import { type ExpressionBuilder, type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import * as lists from '../../db/lists/index.ts';
import type { CompanyRow, Database } from '../../db/types.ts';

/** What the companies list asks for (spec §7: `GET /companies` with `name` and `suspended`). */
export interface CompanyCriteria {
  /** Part of the name, any case; `%`, `_` and `\` are literal. */
  text?: string | undefined;
  /** False leaves suspended companies out. */
  includeSuspended: boolean;
}

type CompaniesEb = ExpressionBuilder<Database, 'companies'>;

/** `%`, `_` and the escape character itself are literal in a name filter. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function companiesWhere(context: lists.WhereContext, criteria: CompanyCriteria) {
  return (eb: CompaniesEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    if (!criteria.includeSuspended) and.push(sql<SqlBool>`${context.column('companies.suspended', 1)} = 0`);
    const text = criteria.text ? context.textCondition(criteria.text) : undefined;
    if (text) and.push(text);
    return and.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(and);
  };
}

const hasFilters = (criteria: CompanyCriteria) => !criteria.includeSuspended;

/** A name part, any case, anywhere in the name: no index can look it up, so each company's name is read. */
const nameContains = {
  condition: (text: string) => sql<SqlBool>`lower(companies.name) like ${likeContains(text)} escape '\\'`,
};

/**
 * The companies list, described for the list engine (`db/lists/README.md`): by name, any case (the
 * (lower(name), id) index of migration 020), each company with its number of users.
 */
const companiesList: lists.ListSpec<CompanyCriteria, CompanyRow> = {
  name: 'companies',
  table: 'companies',
  selectRows: (db) => db.selectFrom('companies').selectAll('companies'),
  sortExpressions: { name_lower: sql`lower(companies.name)` },
  numericColumns: new Set(['companies.id']),
  where: companiesWhere,
  hasFilters,
  population: () => ({ includeSuspended: true }),
  sqlite: {
    orderingFilters: {},
    idSortWalksTable: () => false,
    hasSetFilters: () => false,
    text: { ...nameContains, indexed: () => false, matchSet: async () => undefined },
  },
  postgres: {
    fetchesAll: () => false,
    text: nameContains,
  },
};

/** The order of the list: name regardless of case, then id. */
const COMPANY_ORDER = ['name_lower', 'id'];

/** One page of companies by name, with each company's user count, and the total matching. */
export function listCompanies(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: CompanyCriteria,
  page: { limit: number; offset: number },
) {
  return lists.listPage(db, dialect, companiesList, criteria, { orderBy: COMPANY_ORDER, order: 'asc', ...page });
}
