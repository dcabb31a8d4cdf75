module.exports = require('./index.ts').pgTables;
