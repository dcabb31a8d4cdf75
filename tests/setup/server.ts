// Server tests run in node with the project's subpath imports; nothing global to set up yet.
process.env.TZ = 'UTC';
