// What drizzle.pg.config.ts generates drizzle/pg/ from: the PostgreSQL table of every declaration
// (./index.ts), as this module's own exports (see ./sqlite.cjs for why it is CommonJS).
module.exports = require('./index.ts').pgTables;
