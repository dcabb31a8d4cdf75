module.exports = require('./index.ts').sqliteTables;
