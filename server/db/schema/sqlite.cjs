// What drizzle.config.ts generates drizzle/ from: the SQLite table of every declaration (./index.ts), as
// this module's own exports, since drizzle-kit reads only a schema file's top-level exports. CommonJS so
// the list is derived, never written out: a new table needs no line here. drizzle-kit loads this file
// (and the TypeScript it requires) itself; the app never imports it.
module.exports = require('./index.ts').sqliteTables;
