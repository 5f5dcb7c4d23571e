// How many statements this process has sent to its database: on PostgreSQL each is a round trip over the
// wire (BEGIN, COMMIT, SET and a prepared statement's execution included), on SQLite a statement run in
// process. scripts/bench-team.ts reads it (SEO_ROUND_TRIPS=1, cli.ts) for its "round trips / request" column.
// One increment per query: nothing worth measuring beside the query itself.

let sent = 0;

/** one statement sent (the data layer calls it) */
export function countRoundTrip(): void {
  sent++;
}

/** the statements sent since the process started */
export function roundTrips(): number {
  return sent;
}
